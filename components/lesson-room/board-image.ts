import type { BoardFile } from './board-store';

/** The longest side of an image put on the board, and the data: URL's cap (lib/validations/lesson-room.ts boardImageChars). */
export const BOARD_IMAGE_SIDE = 1600;
const MAX_CHARS = 180_000;

/**
 * An image file made fit for the board: drawn on a canvas no larger than BOARD_IMAGE_SIDE, then
 * encoded as JPEG (a GIF or PNG loses its transparency on white) at lower qualities and sizes until
 * its data: URL fits one message. Null when the browser cannot read it.
 */
export async function boardImage(file: File): Promise<{ file: BoardFile; width: number; height: number } | null> {
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return null;
  let scale = Math.min(1, BOARD_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
  for (let attempt = 0; attempt < 8; attempt++) {
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    const dataURL = canvas.toDataURL('image/jpeg', attempt < 3 ? 0.82 - attempt * 0.12 : 0.6);
    if (dataURL.length <= MAX_CHARS) {
      bitmap.close();
      const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
      return { file: { id, mimeType: 'image/jpeg', dataURL, created: Date.now() }, width, height };
    }
    if (attempt >= 2) scale *= 0.75;
  }
  bitmap.close();
  return null;
}
