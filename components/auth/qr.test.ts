import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataPositions, encodeQr, formatBits, functionPatterns, MASKS, qrPath, rawDataModules, rsRemainder, type QrMatrix } from './qr';

const ECC = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];

/** Reads a matrix back: format bits, unmasking, de-interleaving, Reed-Solomon check, byte mode. */
function decode(m: QrMatrix): string {
  const size = m.length;
  const version = (size - 17) / 4;
  let format = 0;
  const read = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  const first: [number, number][] = [[8, 0], [8, 1], [8, 2], [8, 3], [8, 4], [8, 5], [8, 7], [8, 8], [7, 8], [5, 8], [4, 8], [3, 8], [2, 8], [1, 8], [0, 8]];
  first.forEach(([x, y], i) => (format |= read(x, y) << i));
  const mask = [0, 1, 2, 3, 4, 5, 6, 7].find((k) => formatBits(k) === format);
  if (mask === undefined) throw new Error('bad format bits');
  const { isFunction } = functionPatterns(version);
  const bits = dataPositions(size, isFunction).map(([x, y]) => (m[y]![x] !== MASKS[mask]!(x, y) ? 1 : 0));
  const raw = Math.floor(rawDataModules(version) / 8);
  const codewords: number[] = [];
  for (let i = 0; i < raw * 8; i += 8) codewords.push(bits.slice(i, i + 8).reduce<number>((a, b) => (a << 1) | b, 0));
  const numBlocks = BLOCKS[version]!;
  const eccLen = ECC[version]!;
  const numShort = numBlocks - (raw % numBlocks);
  const shortData = Math.floor(raw / numBlocks) - eccLen;
  const blocks = Array.from({ length: numBlocks }, (_, j) => ({ data: [] as number[], ecc: [] as number[], len: shortData + (j < numShort ? 0 : 1) }));
  let k = 0;
  for (let i = 0; i < shortData + 1; i++) blocks.forEach((b) => i < b.len && b.data.push(codewords[k++]!));
  for (let i = 0; i < eccLen; i++) blocks.forEach((b) => b.ecc.push(codewords[k++]!));
  const data = blocks.flatMap((b) => b.data);
  // A codeword (data followed by its check bytes) is a multiple of the generator: remainder zero.
  for (const b of blocks) {
    if (rsRemainder([...b.data, ...b.ecc], generator(eccLen)).some((v) => v !== 0)) throw new Error('Reed-Solomon check failed');
  }
  const stream = data.flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (byte >>> i) & 1));
  const take = (n: number) => stream.splice(0, n).reduce<number>((a, b) => (a << 1) | b, 0);
  if (take(4) !== 0b0100) throw new Error('not byte mode');
  const count = take(version <= 9 ? 8 : 16);
  return new TextDecoder().decode(Uint8Array.from({ length: count }, () => take(8)));
}

function gfMul(x: number, y: number) {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}
/** The generator polynomial (x - α^0)…(x - α^(n-1)), monic coefficient dropped. */
function generator(n: number) {
  let poly = [1];
  for (let i = 0, root = 1; i < n; i++, root = gfMul(root, 2)) {
    const next = new Array<number>(poly.length + 1).fill(0);
    poly.forEach((c, j) => {
      next[j] = next[j]! ^ c;
      next[j + 1] = next[j + 1]! ^ gfMul(c, root);
    });
    poly = next;
  }
  return poly.slice(1);
}

const SAMPLES = [
  'https://wa.me/77273505050',
  'tel:+77273505050',
  'mailto:support@tilmen.kz',
  'Тілмен — қолдау қызметі',
  'x'.repeat(60),
  'https://tilmen.kz/reset-password/qr?from=e2e&' + 'a'.repeat(120),
];

describe('QR encoder', () => {
  it.each(SAMPLES)('encodes %s so that it reads back with a valid Reed-Solomon code', (text) => {
    const m = encodeQr(text);
    expect((m.length - 17) % 4).toBe(0);
    expect(decode(m)).toBe(text);
  });

  it('refuses a text beyond version 10', () => {
    expect(() => encodeQr('x'.repeat(300))).toThrow(/too long/);
  });

  const zbar = ['/usr/bin/zbarimg', '/usr/local/bin/zbarimg'].find((p) => fs.existsSync(p));
  it.skipIf(!zbar).each(SAMPLES)('zbarimg, an independent reader, decodes %s', async (text) => {
    const m = encodeQr(text);
    const side = m.length + 8;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 8}" height="${side * 8}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${qrPath(m)}" fill="#000"/></svg>`;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qr-')), 'qr.png');
    await sharp(Buffer.from(svg)).png().toFile(file);
    const out = execFileSync(zbar!, ['--raw', '-q', '-Sbinary', file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');
    expect(out.replace(/\n$/, '')).toBe(text);
  });
});
