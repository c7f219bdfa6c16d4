import { convertToExcalidrawElements, FONT_FAMILY } from '@excalidraw/excalidraw';
import type { ExcalidrawElementSkeleton } from '@excalidraw/excalidraw/data/transform';
import type { ExcalidrawElement, FileId, NonDeletedExcalidrawElement, OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { AppState, NormalizedZoomValue } from '@excalidraw/excalidraw/types';
import { pictureSize, withPictures, type Block, type BoardPage } from './board-library-layout';
import { PAGE_MARK } from './board-store';

/**
 * A library page drawn as the board's own elements (docs/library.md "The board"): a frame named after
 * the unit and the page, and in it one rectangle with a label per block (Excalidraw wraps the label to
 * the width and grows the box to fit). Text stays text: sharp at any zoom on a phone, editable, and
 * either side draws over it; each element is small, so the board's messages carry them as any stroke.
 * The font is Nunito, the board's only face with every Kazakh letter (ә ғ қ ң ө ұ ү һ і). A text's or
 * a grammar note's picture is an image element of a file the board already holds (the tutor's board
 * fetched it and sent it as any image), as wide as the page's text, its description in `customData`.
 */

/**
 * The frame's `customData`: what marks a library page on the board, what it came from, and which
 * opening it belongs to (`opened`, the same for every page of one "Open on the board"; `page`, its
 * place there): the other side brings the first page of an opening into view.
 */
export type PageData = { mark: typeof PAGE_MARK; course: string; unit: string; step: string; lang: string; opened: string; page: number };
/** A page's picture's `customData`: its description, for the text under the board ('' when it only decorates). */
export type PictureData = { alt: string };
/** A picture fetched and on the board: its file's id and its size (components/lesson-room/board-image.ts). */
export type BoardPicture = { fileId: string; width: number; height: number };
/** A picture on a page is never taller than this (a tall portrait would push the page's text out of view). */
export const PICTURE_MAX_HEIGHT = 560;

export const PAGE_WIDTH = 440;
const PAD = 20;
const GAP = 12;
const PAGE_GAP = 80;
const INNER = PAGE_WIDTH - 2 * PAD;
const FONT = FONT_FAMILY.Nunito;

const STYLE: Record<Exclude<Block['kind'], 'chips' | 'pair' | 'word' | 'image'>, { size: number; color: string }> = {
  heading: { size: 30, color: '#0f172a' },
  lead: { size: 22, color: '#1d4ed8' },
  text: { size: 24, color: '#0f172a' },
  note: { size: 20, color: '#475569' },
  option: { size: 24, color: '#0f172a' },
};
const BOX = { strokeColor: '#94a3b8', backgroundColor: '#f1f5f9', fillStyle: 'solid' as const };
const PLAIN = { strokeColor: 'transparent', backgroundColor: 'transparent' };

let seq = 0;
const newId = () => `lib-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** One labelled box: the text wrapped to `width` (omitted: as wide as the text). */
function box(text: string, x: number, y: number, width: number | undefined, style: { size: number; color: string }, boxed: boolean, height?: number): ExcalidrawElementSkeleton {
  return {
    type: 'rectangle',
    id: newId(),
    x,
    y,
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
    ...(boxed ? BOX : PLAIN),
    roughness: 0,
    strokeWidth: 1,
    roundness: boxed ? { type: 3 } : null,
    label: { text, fontSize: style.size, fontFamily: FONT, textAlign: 'left', verticalAlign: 'top', strokeColor: style.color },
  } as ExcalidrawElementSkeleton;
}

/** The box's size as Excalidraw makes it (its label measured and wrapped). */
function measure(skeleton: ExcalidrawElementSkeleton): { width: number; height: number } {
  const [container] = convertToExcalidrawElements([skeleton]);
  return { width: container!.width, height: container!.height };
}

/** A block's boxes, placed from (x, y): the skeletons (with their measured sizes) and the height they take. */
function blockBoxes(block: Block, x: number, y: number, pictures: ReadonlyMap<string, BoardPicture>): { boxes: ExcalidrawElementSkeleton[]; height: number } {
  switch (block.kind) {
    case 'image': {
      const picture = pictures.get(block.name)!;
      const size = pictureSize(picture, INNER, PICTURE_MAX_HEIGHT);
      const image = {
        type: 'image',
        id: newId(),
        x: x + Math.round((INNER - size.width) / 2),
        y,
        ...size,
        fileId: picture.fileId as FileId,
        status: 'saved',
        customData: { alt: block.alt } satisfies PictureData,
      } as ExcalidrawElementSkeleton;
      return { boxes: [image], height: size.height };
    }
    case 'word': {
      const word = box(block.text, x, y, INNER, STYLE.text, false);
      const h = measure(word).height;
      if (!block.note) return { boxes: [word], height: h };
      const note = box(block.note, x, y + h - 6, INNER, STYLE.note, false);
      return { boxes: [word, note], height: h - 6 + measure(note).height };
    }
    case 'chips': {
      const boxes: ExcalidrawElementSkeleton[] = [];
      let cx = x;
      let cy = y;
      let row = 0;
      for (const item of block.items) {
        const size = measure(box(item, 0, 0, undefined, STYLE.option, true));
        const w = size.width + 16;
        if (cx > x && cx + w > x + INNER) {
          cx = x;
          cy += row + 10;
          row = 0;
        }
        boxes.push(box(item, cx, cy, Math.min(w, INNER), STYLE.option, true));
        cx += w + 10;
        row = Math.max(row, size.height);
      }
      return { boxes, height: cy - y + row };
    }
    case 'pair': {
      const half = (INNER - 16) / 2;
      const style = { size: 22, color: '#0f172a' };
      const h = Math.max(measure(box(block.left, x, y, half, style, true)).height, measure(box(block.right, x, y, half, style, true)).height);
      return { boxes: [box(block.left, x, y, half, style, true, h), box(block.right, x + half + 16, y, half, style, true, h)], height: h };
    }
    default: {
      const one = box(block.text, x, y, INNER, STYLE[block.kind], block.kind === 'option');
      return { boxes: [one], height: measure(one).height };
    }
  }
}

/** The page's frame and boxes from (x, y), and how tall it is. */
function pageElements(page: BoardPage, data: PageData, x: number, y: number, pictures: ReadonlyMap<string, BoardPicture>): { elements: OrderedExcalidrawElement[]; height: number } {
  const boxes: ExcalidrawElementSkeleton[] = [];
  let at = y + PAD;
  for (const block of page.blocks) {
    const placed = blockBoxes(block, x + PAD, at, pictures);
    boxes.push(...placed.boxes);
    at += placed.height + GAP;
  }
  const height = at - y - GAP + PAD;
  const frame = {
    type: 'frame',
    id: newId(),
    x,
    y,
    width: PAGE_WIDTH,
    height,
    name: page.name,
    children: boxes.map((b) => (b as { id: string }).id),
    customData: data,
  } as ExcalidrawElementSkeleton;
  // Each box with its label right after it (a picture alone), and the frame after its children (Excalidraw's order).
  const converted = convertToExcalidrawElements([...boxes, frame]);
  const byId = new Map(converted.map((e) => [e.id, e]));
  const ordered = converted.filter((e) => e.type === 'rectangle' || e.type === 'image').flatMap((e) => [e, ...(e.boundElements ?? []).map((b) => byId.get(b.id)!).filter(Boolean)]);
  return { elements: [...ordered, ...converted.filter((e) => e.type === 'frame')], height };
}

/**
 * The pages' elements, one under the other, to the right of whatever is on the board already (or in
 * view when it is empty), so nothing drawn is covered. Answers the elements and the first page's frame.
 * `pictures`: the pages' pictures on the board by name; one missing is drawn as its description.
 */
export function drawPages(pages: BoardPage[], data: Omit<PageData, 'mark' | 'step' | 'opened' | 'page'>, scene: readonly NonDeletedExcalidrawElement[], view: Pick<AppState, 'scrollX' | 'scrollY' | 'zoom'>, pictures: ReadonlyMap<string, BoardPicture> = new Map()) {
  const opened = newId();
  let x = -view.scrollX + 40 / view.zoom.value;
  let y = -view.scrollY + 40 / view.zoom.value;
  if (scene.length) {
    x = Math.max(...scene.map((e) => e.x + Math.max(0, e.width))) + 120;
    y = Math.min(...scene.map((e) => e.y));
  }
  const elements: OrderedExcalidrawElement[] = [];
  for (const [n, page] of withPictures(pages, (name) => pictures.has(name)).entries()) {
    const drawn = pageElements(page, { mark: PAGE_MARK, ...data, step: page.stepId, opened, page: n }, Math.round(x), Math.round(y), pictures);
    elements.push(...drawn.elements);
    y += drawn.height + PAGE_GAP;
  }
  return { elements, first: elements.find((e) => e.type === 'frame') ?? null };
}

/** Whether an element is a library page's frame. */
export const isPageFrame = (e: { type?: unknown; customData?: unknown; isDeleted?: boolean }) =>
  e.type === 'frame' && !e.isDeleted && (e.customData as Partial<PageData> | undefined)?.mark === PAGE_MARK;

/**
 * The view that shows a page: its width fitting the board (no closer than 1:1) beside the tools on a
 * phone's right edge, its top left corner under the toolbar, the frame's name above it in view.
 */
export function pageView(frame: Pick<ExcalidrawElement, 'x' | 'y' | 'width'>, board: { width: number }) {
  const right = board.width < 600 ? 52 : 12;
  const zoom = Math.min(1, Math.max(0.1, (board.width - 12 - right) / frame.width));
  return { zoom: { value: zoom as NormalizedZoomValue }, scrollX: 12 / zoom - frame.x, scrollY: 84 / zoom - frame.y };
}

/**
 * The library pages on the board as text, top to bottom (for screen readers and for reading on a
 * phone): each text, and each picture's description as `picture(alt)` says it (a picture without one
 * only decorates: left out).
 */
export function pagesText(
  elements: readonly { id: string; type: string; x: number; y: number; isDeleted?: boolean; frameId?: string | null; name?: string | null; customData?: unknown; text?: string; originalText?: string }[],
  picture: (alt: string) => string = (alt) => alt,
) {
  const frames = elements.filter(isPageFrame).sort((a, b) => a.y - b.y || a.x - b.x);
  const altOf = (e: { customData?: unknown }) => {
    const alt = (e.customData as Partial<PictureData> | undefined)?.alt;
    return typeof alt === 'string' ? alt.trim() : '';
  };
  return frames.map((f) => ({
    id: f.id,
    name: f.name ?? '',
    step: (f.customData as PageData).step,
    lines: elements
      .filter((e) => !e.isDeleted && e.frameId === f.id && (e.type === 'text' || (e.type === 'image' && altOf(e))))
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((e) => (e.type === 'image' ? picture(altOf(e)) : (e.originalText ?? e.text ?? ''))),
  }));
}
