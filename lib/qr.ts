import 'server-only';
import QRCode from 'qrcode';

/** The modules of a QR code, row by row (true = dark). */
export type QrMatrix = boolean[][];

/** What a page draws: the text encoded, the side of the square with its quiet zone, the SVG path. */
export interface QrSvg {
  text: string;
  side: number;
  path: string;
}

/**
 * The QR code of a text: UTF-8 bytes, error correction M (15 % of the symbol may be damaged), the
 * smallest version that holds it. Encoded by the `qrcode` package, on the server only: pages get
 * the finished path, the certificate PDF the matrix.
 */
export function encodeQr(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => modules.get(row, col) !== 0));
}

/** SVG path data of the dark modules, one subpath per horizontal run, offset by a quiet zone of `margin` modules. */
export function qrPath(matrix: QrMatrix, margin = 4): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length; ) {
      if (!row[x]) {
        x++;
        continue;
      }
      let end = x;
      while (row[end]) end++;
      parts.push(`M${x + margin} ${y + margin}h${end - x}v1h-${end - x}z`);
      x = end;
    }
  });
  return parts.join('');
}

/** The QR code of a text, ready for an inline <svg viewBox="0 0 side side">. */
export function qrSvg(text: string, margin = 4): QrSvg {
  const matrix = encodeQr(text);
  return { text, side: matrix.length + margin * 2, path: qrPath(matrix, margin) };
}
