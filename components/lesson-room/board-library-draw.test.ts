import { describe, expect, it, vi } from 'vitest';
import { PAGE_WIDTH, PICTURE_MAX_HEIGHT, drawPages, pagesText } from './board-library-draw';
import type { BoardPage } from './board-library-layout';

/**
 * Excalidraw's converter stood in for (its package does not load under vitest): a labelled box is
 * 40 high, its label a text element bound to it; a frame's children (and their labels) get its id,
 * as convertToExcalidrawElements does.
 */
vi.mock('@excalidraw/excalidraw', () => {
  type Skeleton = { type: string; id: string; x: number; y: number; width?: number; height?: number; label?: { text: string }; children?: string[]; [k: string]: unknown };
  const convertToExcalidrawElements = (skeletons: Skeleton[]) => {
    const out: Record<string, unknown>[] = [];
    for (const skeleton of skeletons) {
      const { label, ...s } = skeleton;
      delete s.children;
      if (s.type === 'rectangle') {
        const text = { type: 'text', id: `${s.id}-label`, x: s.x, y: s.y, width: 10, height: 30, text: label?.text ?? '', originalText: label?.text ?? '', containerId: s.id, frameId: null, isDeleted: false };
        out.push({ ...s, width: s.width ?? 100, height: s.height ?? 40, frameId: null, isDeleted: false, boundElements: [{ id: text.id, type: 'text' }] }, text);
      } else out.push({ ...s, frameId: null, isDeleted: false, boundElements: null });
    }
    for (const frame of skeletons.filter((s) => s.type === 'frame')) {
      for (const e of out) if (frame.children!.includes(e.id as string) || frame.children!.includes(e.containerId as string)) e.frameId = frame.id;
    }
    return out;
  };
  return { convertToExcalidrawElements, FONT_FAMILY: { Nunito: 6 } };
});

const VIEW = { scrollX: 0, scrollY: 0, zoom: { value: 1 as never } };
const FROM = { course: 'english-a1', unit: 'hello', lang: 'kk' };
const page = (blocks: BoardPage['blocks']): BoardPage => ({ stepId: 'reading', name: 'Сәлем! · 3/16', blocks });
type Drawn = { type: string; id: string; x: number; y: number; width: number; height: number; frameId?: string | null; fileId?: string; status?: string; customData?: { alt?: string } };

describe('a library page\'s picture on the board (board-library-draw.ts)', () => {
  it('is an image of the file the board holds, in the page\'s frame after its heading, as wide as its text, and the frame grows by its height', () => {
    const blocks: BoardPage['blocks'] = [{ kind: 'heading', text: 'Танысу' }, { kind: 'image', name: 'i-a.webp', alt: 'Қыз қол бұлғап тұр' }, { kind: 'text', text: 'Hi! I’m Aruzhan.' }];
    const { elements, first } = drawPages([page(blocks)], FROM, [], VIEW, new Map([['i-a.webp', { fileId: 'f1', width: 1200, height: 800 }]]));
    const all = elements as unknown as Drawn[];
    const image = all.find((e) => e.type === 'image')!;
    expect(image).toMatchObject({ fileId: 'f1', status: 'saved', frameId: first!.id, width: PAGE_WIDTH - 40, height: Math.round(((PAGE_WIDTH - 40) * 800) / 1200), customData: { alt: 'Қыз қол бұлғап тұр' } });
    expect(image.x).toBe(first!.x + 20);
    const boxes = all.filter((e) => e.type === 'rectangle');
    expect(image.y).toBe(boxes[0]!.y + 40 + 12);
    expect(boxes[1]!.y).toBe(image.y + image.height + 12);
    // 20 + 40 (heading) + 12 + the picture + 12 + 40 (text) + 20.
    expect(first!.height).toBe(20 + 40 + 12 + image.height + 12 + 40 + 20);
    // Excalidraw's order: each element before the frame, the picture between the boxes it sits between.
    expect(all.map((e) => e.type)).toEqual(['rectangle', 'text', 'image', 'rectangle', 'text', 'frame']);
  });

  it('a tall picture is no taller than the cap, centred, its proportions kept', () => {
    const { elements, first } = drawPages([page([{ kind: 'image', name: 'tall', alt: '' }])], FROM, [], VIEW, new Map([['tall', { fileId: 'f2', width: 600, height: 1800 }]]));
    const image = (elements as unknown as Drawn[]).find((e) => e.type === 'image')!;
    expect(image.height).toBe(PICTURE_MAX_HEIGHT);
    expect(image.width).toBe(Math.round(PICTURE_MAX_HEIGHT / 3));
    expect(Math.abs(image.x + image.width / 2 - (first!.x + PAGE_WIDTH / 2))).toBeLessThanOrEqual(1);
  });

  it('a picture that did not load is its description as a note, or nothing; the page opens all the same', () => {
    const { elements } = drawPages([page([{ kind: 'heading', text: 'Танысу' }, { kind: 'image', name: 'gone', alt: 'Қыз қол бұлғап тұр' }]), { ...page([{ kind: 'image', name: 'gone', alt: '' }, { kind: 'text', text: 'Hi!' }]), stepId: 'other' }], FROM, [], VIEW);
    const all = elements as unknown as (Drawn & { text?: string })[];
    expect(all.some((e) => e.type === 'image')).toBe(false);
    expect(all.filter((e) => e.type === 'text').map((e) => e.text)).toEqual(['Танысу', 'Қыз қол бұлғап тұр', 'Hi!']);
    expect(all.filter((e) => e.type === 'frame')).toHaveLength(2);
  });

  it('the text under the board reads a picture\'s description in its place, and leaves out one that only decorates', () => {
    const blocks: BoardPage['blocks'] = [{ kind: 'heading', text: 'Танысу' }, { kind: 'image', name: 'a', alt: 'Қыз қол бұлғап тұр' }, { kind: 'text', text: 'Hi!' }, { kind: 'image', name: 'b', alt: '' }];
    const { elements } = drawPages([page(blocks)], FROM, [], VIEW, new Map([['a', { fileId: 'fa', width: 400, height: 200 }], ['b', { fileId: 'fb', width: 400, height: 200 }]]));
    const [text] = pagesText(elements as never, (alt) => `Сурет: ${alt}`);
    expect(text!.lines).toEqual(['Танысу', 'Сурет: Қыз қол бұлғап тұр', 'Hi!']);
    // A picture deleted from the board is no longer read.
    const deleted = (elements as unknown as Drawn[]).map((e) => (e.type === 'image' ? { ...e, isDeleted: true } : e));
    expect(pagesText(deleted as never)[0]!.lines).toEqual(['Танысу', 'Hi!']);
  });
});
