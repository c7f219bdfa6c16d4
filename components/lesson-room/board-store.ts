/** An element of the board as it travels: Excalidraw's element with its id and version. */
export interface BoardElement {
  id: string;
  version: number;
  [key: string]: unknown;
}

/** An image on the board (Excalidraw's BinaryFileData, a data: URL). */
export interface BoardFile {
  id: string;
  mimeType: string;
  dataURL: string;
  created: number;
}

/** A library page's frame carries this in its `customData.mark` (board-library-draw.ts). */
export const PAGE_MARK = 'tilmen-library-page';
type PageOf = { id: string; opened: unknown; page: number };
/** A library page's frame not seen before: its opening and place in it. */
function newPageOf(e: BoardElement, known: boolean): PageOf | null {
  const data = e.customData as { mark?: unknown; opened?: unknown; page?: unknown } | undefined;
  if (known || e.type !== 'frame' || e.isDeleted || data?.mark !== PAGE_MARK) return null;
  return { id: e.id, opened: data.opened, page: typeof data.page === 'number' ? data.page : 0 };
}
/** Whether `page` comes after one already chosen of the same opening (the first page of an opening is the one shown). */
const laterOf = (page: PageOf, than: PageOf | null) => than !== null && than.opened !== undefined && than.opened === page.opened && than.page <= page.page;

/**
 * The board's state outside Excalidraw (which loads only when the board is opened): every element
 * seen, the highest version of each, and the open board's listener for the other side's changes.
 */
export interface BoardStore {
  /** Takes elements from the channel (the log on a reload, then live); tells the open board. True when a library page came that was not on the board. */
  receive(elements: BoardElement[], files?: BoardFile[]): boolean;
  elements(): BoardElement[];
  files(): BoardFile[];
  /** Keeps this side's element when it is newer than anything seen of it: true means it is a change to send. */
  note(element: BoardElement): boolean;
  subscribe(listener: (elements: BoardElement[], files: BoardFile[]) => void): () => void;
  /** The library page to bring into view (its frame's id), once: the newest opening's first page this side has not been shown. */
  takeNewPage(): string | null;
}

export function createBoardStore(): BoardStore {
  const byId = new Map<string, BoardElement>();
  const versions = new Map<string, number>();
  const files = new Map<string, BoardFile>();
  let listener: ((elements: BoardElement[], files: BoardFile[]) => void) | null = null;
  let newPage: PageOf | null = null;
  let shown: PageOf | null = null;
  return {
    receive(elements, newFiles = []) {
      const fresh = elements.filter((e) => e.version > (versions.get(e.id) ?? -1));
      let page = false;
      for (const p of fresh.map((e) => newPageOf(e, versions.has(e.id)))) {
        if (!p) continue;
        page = true;
        if (!laterOf(p, newPage) && !laterOf(p, shown)) newPage = p;
      }
      for (const e of fresh) {
        byId.set(e.id, e);
        versions.set(e.id, e.version);
      }
      const freshFiles = newFiles.filter((f) => !files.has(f.id));
      for (const f of freshFiles) files.set(f.id, f);
      if (fresh.length || freshFiles.length) listener?.(fresh, freshFiles);
      return page;
    },
    elements: () => [...byId.values()],
    files: () => [...files.values()],
    note(element) {
      if (element.version <= (versions.get(element.id) ?? -1)) return false;
      byId.set(element.id, element);
      versions.set(element.id, element.version);
      return true;
    },
    takeNewPage() {
      if (!newPage) return null;
      shown = newPage;
      newPage = null;
      return shown.id;
    },
    subscribe(l) {
      listener = l;
      return () => {
        if (listener === l) listener = null;
      };
    },
  };
}

/** The server's cap on one board element (ROOM_LIMITS.boardElementBytes, as JSON characters): kept here so the board's chunk does not load the validations. */
export const BOARD_ELEMENT_MAX = 16 * 1024;
/** At most this many changed elements a message (the server's cap is 400 and 192 KiB). */
export const BOARD_BATCH = 50;
/** And at most this many characters of them (a library page's texts are larger than strokes): under the server's 192 KiB body. */
export const BOARD_BATCH_CHARS = 150_000;

/**
 * Sends this side's changed elements in batches. An element over the cap (a long freehand stroke)
 * is not sent: the server would refuse its whole batch (422). Says what the person must be told:
 * 'tooLarge' (something drawn stays on this side only), 'notSent' (the network lost a batch), or null.
 */
export async function sendBoardChanges(elements: BoardElement[], send: (batch: BoardElement[]) => Promise<void>): Promise<'tooLarge' | 'notSent' | null> {
  const sized = elements.map((e) => ({ e, chars: JSON.stringify(e).length }));
  const fits = sized.filter((x) => x.chars <= BOARD_ELEMENT_MAX);
  let problem: 'tooLarge' | 'notSent' | null = fits.length < elements.length ? 'tooLarge' : null;
  const sends = [];
  let batch: BoardElement[] = [];
  let chars = 0;
  for (const { e, chars: size } of fits) {
    if (batch.length && (batch.length >= BOARD_BATCH || chars + size > BOARD_BATCH_CHARS)) {
      sends.push(send(batch));
      batch = [];
      chars = 0;
    }
    batch.push(e);
    chars += size;
  }
  if (batch.length) sends.push(send(batch));
  for (const r of await Promise.allSettled(sends)) {
    if (r.status === 'fulfilled') continue;
    const status = (r.reason as { response?: { status?: number } }).response?.status;
    if (status === 422 || status === 413) problem = 'tooLarge';
    else problem ??= 'notSent';
  }
  return problem;
}
