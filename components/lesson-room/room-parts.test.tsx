// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseSse } from '@/lib/browser/sse';
import { ROOM_LIMITS, roomEventSchema } from '@/lib/validations/lesson-room';
import { BOARD_ELEMENT_MAX, createBoardStore, sendBoardChanges, type BoardElement } from './board-store';
import { withLinks } from './chat-panel';
import { LevelChart, type ProgressReport } from './progress';
import { browserFamily } from './prejoin';

describe('the lesson room in the browser', () => {
  it('reads SSE frames as they arrive, keeping an unfinished one for the next chunk', () => {
    const frames: { id?: string; event: string; data: string }[] = [];
    let rest = parseSse('retry: 2000\n\nid: 4\ndata: {"seq":4}\n\nid: 5\nda', (f) => frames.push(f));
    expect(frames).toEqual([{ id: '4', event: 'message', data: '{"seq":4}' }]);
    rest = parseSse(`${rest}ta: {"seq":5}\n\nevent: ready\ndata: {}\n\n: ping\n\n`, (f) => frames.push(f));
    expect(rest).toBe('');
    expect(frames.slice(1)).toEqual([
      { id: '5', event: 'message', data: '{"seq":5}' },
      { id: undefined, event: 'ready', data: '{}' },
    ]);
  });

  it('tells which browser\'s steps to show when the camera is refused', () => {
    expect(browserFamily('Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36')).toBe('chrome');
    expect(browserFamily('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('firefox');
    expect(browserFamily('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('safari');
    expect(browserFamily('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe('chrome');
    expect(browserFamily('curl/8')).toBe('other');
  });

  it('shows http(s) addresses in chat as links that open apart, and nothing else as a link', () => {
    render(<p>{withLinks('See https://tilmen.kz/hw, then javascript:alert(1) and www.x.kz.')}</p>);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://tilmen.kz/hw']);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('draws the level over time as an image with a spoken summary, one point a report on the CEFR scale', () => {
    const marks = { speaking: 3, listening: 4, reading: 4, writing: 2, grammar: 3 };
    const report = (id: number, level: string): ProgressReport => ({ lesson: { id, startsAt: '2026-11-20T10:00:00Z', subject: 'english', tutor: 'Дана' }, covered: 'x', homework: '', level, marks });
    const { container } = render(<LevelChart reports={[report(1, 'A1'), report(2, 'A2'), report(3, 'B1')]} label="From A1 to B1 over 3 lessons" />);
    expect(screen.getByRole('img', { name: 'From A1 to B1 over 3 lessons' })).toBeTruthy();
    const points = [...container.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cy')));
    expect(points).toHaveLength(3);
    // Higher level, higher on the chart (smaller y).
    expect(points[0]! > points[1]! && points[1]! > points[2]!).toBe(true);
    expect(container.querySelector('polyline')).toBeTruthy();
  });

  it('keeps the board’s images apart from its elements, each once', () => {
    const store = createBoardStore();
    const seen: number[] = [];
    store.subscribe((elements, files) => seen.push(elements.length + files.length * 10));
    const file = { id: 'img-0001', mimeType: 'image/jpeg', dataURL: 'data:image/jpeg;base64,AAAA', created: 1 };
    store.receive([], [file]);
    store.receive([{ id: 'pic', version: 1 }], [file]);
    expect(store.files()).toEqual([file]);
    expect(seen).toEqual([10, 1]);
  });

  it('does not post a board element over the cap (a long freehand stroke) and says so; the rest of its batch still goes', async () => {
    expect(BOARD_ELEMENT_MAX).toBe(ROOM_LIMITS.boardElementBytes);
    // Excalidraw's freehand stroke: one element, a point per mouse move (a minute of scribbling).
    const points = Array.from({ length: 1500 }, (_, i) => [i * 1.37, Math.sin(i / 9) * 80.25]);
    const stroke: BoardElement = { id: 'stroke-1', type: 'freedraw', version: 3, x: 10, y: 20, points, pressures: [], simulatePressure: true };
    const rect: BoardElement = { id: 'rect-1', type: 'rectangle', version: 1, x: 0, y: 0, width: 50, height: 40 };
    // The server refuses it (a 422 for its whole batch): the board must not send it.
    expect(roomEventSchema.safeParse({ kind: 'board', payload: { elements: [stroke] } }).success).toBe(false);
    const sent: BoardElement[][] = [];
    expect(await sendBoardChanges([rect, stroke], async (b) => void sent.push(b))).toBe('tooLarge');
    expect(sent).toEqual([[rect]]);
    // Within the cap: sent, nothing to say.
    expect(await sendBoardChanges([rect], async () => {})).toBeNull();
    // The server's own refusal reads the same; a lost post is told apart.
    const refused = Object.assign(new Error('422'), { response: { status: 422 } });
    expect(await sendBoardChanges([rect], () => Promise.reject(refused))).toBe('tooLarge');
    expect(await sendBoardChanges([rect], () => Promise.reject(new Error('Network Error')))).toBe('notSent');
  });
});
