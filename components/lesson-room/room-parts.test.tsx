// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseSse } from '@/lib/browser/lesson-room/channel';
import { withLinks } from './chat-panel';
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
});
