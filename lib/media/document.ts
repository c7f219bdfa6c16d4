import 'server-only';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { ApiError } from '@/lib/api/errors';
import { sniffImage } from './photo';

/**
 * Documents attached to a tutor's application (a diploma, a certificate): PDF, JPEG or PNG, decided
 * by the bytes (the name and the declared type are ignored). A PDF must start with `%PDF-` and be
 * read by pdf-lib with at least one page; an encrypted one is refused (`document_encrypted`: the
 * reviewer could not open it). An image must be decoded whole by sharp (40 megapixels at most) and is
 * re-encoded in its own format, upright and without metadata, as photos are (lib/media/photo.ts).
 * Anything else is 415 `document_invalid`.
 */

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export type DocumentType = 'application/pdf' | 'image/jpeg' | 'image/png';
export const DOCUMENT_EXT: Record<DocumentType, string> = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg', 'image/png': '.png' };

const isPdf = (buf: Uint8Array) => buf.length >= 5 && String.fromCharCode(...buf.subarray(0, 5)) === '%PDF-';

async function checkPdf(input: Uint8Array): Promise<void> {
  let pages: number;
  try {
    // Loaded despite an encryption dictionary, only to say so: the reviewer could not open it.
    const doc = await PDFDocument.load(input, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true });
    if (doc.isEncrypted) throw new ApiError(415, 'document_encrypted');
    // Walks the page tree: a header over garbage has none and throws here.
    pages = doc.getPageCount();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(415, 'document_invalid');
  }
  if (pages < 1) throw new ApiError(415, 'document_invalid');
}

async function normaliseImage(input: Uint8Array, kind: 'jpeg' | 'png'): Promise<Buffer> {
  try {
    const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
    if (meta.format !== kind || !meta.width || !meta.height) throw new ApiError(415, 'document_invalid');
    const img = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
    return await (kind === 'jpeg' ? img.jpeg({ quality: 90 }) : img.png()).toBuffer();
  } catch {
    throw new ApiError(415, 'document_invalid');
  }
}

/** Checks an uploaded document; answers the bytes to store and their type. */
export async function checkDocument(input: Uint8Array): Promise<{ bytes: Buffer; contentType: DocumentType }> {
  if (input.length > DOCUMENT_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  if (isPdf(input)) {
    await checkPdf(input);
    return { bytes: Buffer.from(input), contentType: 'application/pdf' };
  }
  const kind = sniffImage(input);
  if (kind !== 'jpeg' && kind !== 'png') throw new ApiError(415, 'document_invalid');
  return { bytes: await normaliseImage(input, kind), contentType: kind === 'jpeg' ? 'image/jpeg' : 'image/png' };
}

/** A file name fit to show and to offer on download: no path, no control characters, at most 100 characters, the right extension. */
export function documentFileName(raw: string | null, type: DocumentType): string {
  const ext = DOCUMENT_EXT[type];
  let base = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 100);
  if (!base || base.startsWith('.')) base = `document${ext}`;
  const lower = base.toLowerCase();
  const ok = type === 'image/jpeg' ? lower.endsWith('.jpg') || lower.endsWith('.jpeg') : lower.endsWith(ext);
  return ok ? base : `${base}${ext}`;
}

/** Content-Disposition: attachment, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
