import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The text of a PDF as a reader extracts it (poppler's pdftotext, layout kept). */
export function pdfText(bytes: Uint8Array | ArrayBuffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'd.pdf');
    writeFileSync(file, bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
