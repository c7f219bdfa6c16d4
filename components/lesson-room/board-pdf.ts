import { boardImage } from './board-image';

/** At most this many pages of one PDF go on the board (each is one message of its own). */
export const BOARD_PDF_PAGES = 5;
/** Pages are drawn at this width in CSS pixels × 2, then fitted by boardImage like any image. */
const PAGE_WIDTH = 800;

export type BoardPdf = { pages: NonNullable<Awaited<ReturnType<typeof boardImage>>>[]; total: number };

/**
 * The first pages of a PDF made into board images: pdf.js (loaded only here, when a tutor picks a
 * PDF) draws each page on a canvas, and the canvas goes through boardImage. pdf.js's worker code runs
 * on this thread (its "fake worker", given as `globalThis.pdfjsWorker`): no worker script to serve
 * and no worker-src in the room's CSP, and a worksheet's few pages take well under a second.
 * Fonts are drawn from the file's own data (isEvalSupported off: the CSP allows no eval).
 * Null when the file is not a PDF pdf.js can read (damaged, or locked with a password).
 */
export async function boardPdf(file: File): Promise<BoardPdf | null> {
  try {
    const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs')]);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false, useSystemFonts: true }).promise;
    try {
      const pages: BoardPdf['pages'] = [];
      for (let n = 1; n <= Math.min(doc.numPages, BOARD_PDF_PAGES); n++) {
        const page = await doc.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (PAGE_WIDTH * 2) / base.width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        const context = canvas.getContext('2d');
        if (!context) return null;
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        await page.render({ canvas, canvasContext: context, viewport }).promise;
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
        const fitted = blob ? await boardImage(new File([blob], `page-${n}.png`, { type: 'image/png' })) : null;
        if (!fitted) return null;
        pages.push(fitted);
        page.cleanup();
      }
      return pages.length ? { pages, total: doc.numPages } : null;
    } finally {
      await doc.destroy();
    }
  } catch {
    return null;
  }
}
