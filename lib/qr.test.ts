import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeQr, qrSvg } from './qr';

// Read back the way a phone would: the SVG a page draws is rasterised and zbar, a reader that
// shares nothing with the encoder, decodes the pixels. `npm test` installs zbar-tools
// (ensure_pdf_tools in scripts/lib.sh).
const SAMPLES = [
  'https://wa.me/77273505050',
  'tel:+77273505050',
  'mailto:support@tilmen.kz',
  'Тілмен — қолдау қызметі',
  'https://tilmen.kz/kk/certificate/KZT-2026-7Q4M9X',
  // Beyond version 10, where the hand-written encoder stopped.
  'https://tilmen.kz/reset-password/qr?from=e2e&' + 'a'.repeat(300),
];

let dir: string;

beforeAll(() => {
  if (spawnSync('zbarimg', ['--version'], { stdio: 'ignore' }).error) {
    throw new Error('QR tests need zbarimg: apt-get install -y zbar-tools (npm test installs it through ensure_pdf_tools in scripts/lib.sh)');
  }
  dir = mkdtempSync(path.join(tmpdir(), 'tilmen-qr-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function scan(text: string, name: string): Promise<string> {
  const { side, path: d } = qrSvg(text);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 6}" height="${side * 6}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${d}" fill="#1d1c26"/></svg>`;
  const file = path.join(dir, `${name}.png`);
  await sharp(Buffer.from(svg)).png().toFile(file);
  // -Sbinary: the bytes as encoded, without zbar guessing a legacy charset for them.
  return execFileSync('zbarimg', ['--quiet', '--raw', '-Sbinary', file], { stdio: ['ignore', 'pipe', 'pipe'] }).toString('utf8').replace(/\n$/, '');
}

describe('QR code', () => {
  it.each(SAMPLES.map((text, i) => [text, i] as const))('an independent reader decodes %s', async (text, i) => {
    expect(await scan(text, `sample-${i}`)).toBe(text);
  });

  it('is a square of 21 + 4k modules that grows with the text', () => {
    const short = encodeQr('https://wa.me/77273505050');
    const long = encodeQr(SAMPLES.at(-1)!);
    for (const m of [short, long]) {
      expect((m.length - 21) % 4).toBe(0);
      for (const row of m) expect(row).toHaveLength(m.length);
    }
    expect(long.length).toBeGreaterThan(short.length);
    expect(qrSvg('https://wa.me/77273505050').side).toBe(short.length + 8);
  });

  it('refuses a text no QR code can hold', () => {
    expect(() => encodeQr('x'.repeat(3000))).toThrow();
  });
});
