// Merges a part file {"ru": {...}, "kk": {...}, "en": {...}} into messages/{ru,kk,en}.json.
// Usage: node scripts/merge-messages.mjs path/to/part.json  (a lock keeps parallel merges apart)
import fs from 'node:fs';
import path from 'node:path';

const part = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const lock = path.join('messages', '.lock');
const deadline = Date.now() + 30_000;
for (;;) {
  try { fs.mkdirSync(lock); break; } catch { if (Date.now() > deadline) throw new Error('messages lock busy'); await new Promise((r) => setTimeout(r, 100)); }
}
function merge(target, source) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && target[k] && typeof target[k] === 'object') merge(target[k], v);
    else target[k] = v;
  }
}
try {
  for (const locale of ['ru', 'kk', 'en']) {
    if (!part[locale]) throw new Error(`part lacks locale ${locale}`);
    const file = path.join('messages', `${locale}.json`);
    const messages = JSON.parse(fs.readFileSync(file, 'utf8'));
    merge(messages, part[locale]);
    fs.writeFileSync(file, JSON.stringify(messages, null, 2) + '\n');
  }
} finally {
  fs.rmdirSync(lock);
}
console.log('merged', process.argv[2]);
