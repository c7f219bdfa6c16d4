// npm run precompress: writes file.gz and file.br beside every compressible file of the build's
// hashed assets (.next/static), for nginx's gzip_static / brotli_static (deploy/nginx). Run it after
// every `npm run build` on a host where nginx serves the assets; files already up to date are kept.
// Usage: node scripts/precompress.mjs [folder] (default: $NEXT_DIST_DIR/static or .next/static).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] || path.join(process.env.NEXT_DIST_DIR || '.next', 'static'));
const COMPRESSIBLE = /\.(js|mjs|css|map|json|svg|txt|html|xml|ico|ttf|otf)$/i; // woff/woff2, images: compressed already
const MIN_BYTES = 256;

if (!fs.existsSync(root)) {
  console.error(`precompress: ${root} does not exist; run npm run build first.`);
  process.exit(1);
}

let files = 0;
let before = 0;
let gz = 0;
let br = 0;
const started = Date.now();
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const stat = fs.statSync(file);
  if (stat.size < MIN_BYTES) continue;
  const data = fs.readFileSync(file);
  for (const [ext, make] of [
    ['.gz', () => zlib.gzipSync(data, { level: 9 })],
    ['.br', () => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })],
  ]) {
    const out = file + ext;
    let size;
    if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= stat.mtimeMs) size = fs.statSync(out).size;
    else {
      const packed = make();
      fs.writeFileSync(out, packed);
      // Same times as the original: nginx's ETag/Last-Modified then match whichever variant is sent.
      fs.utimesSync(out, stat.atime, stat.mtime);
      size = packed.length;
    }
    if (ext === '.gz') gz += size;
    else br += size;
  }
  files++;
  before += stat.size;
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`precompress: ${files} files in ${path.relative(process.cwd(), root) || root}: ${kib(before)} → gzip ${kib(gz)}, brotli ${kib(br)} (${Date.now() - started} ms)`);
