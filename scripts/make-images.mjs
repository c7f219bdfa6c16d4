// Generates brand images for Tilmen: logos, partner wordmarks, tutor avatars,
// recommendation-letter thumbnails, app icons (SVG + PNG) and Open Graph images.
// Text is converted to vector paths with fontkit from the bundled Rubik TTFs,
// so the output never depends on fonts installed on the machine.
// Run: node scripts/make-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rubikDir = path.join(root, 'node_modules/@expo-google-fonts/rubik');
const fonts = {
  regular: fontkit.create(fs.readFileSync(path.join(rubikDir, '400Regular/Rubik_400Regular.ttf'))),
  medium: fontkit.create(fs.readFileSync(path.join(rubikDir, '500Medium/Rubik_500Medium.ttf'))),
  bold: fontkit.create(fs.readFileSync(path.join(rubikDir, '700Bold/Rubik_700Bold.ttf'))),
};

const C = {
  blue: '#0090f9',
  dark: '#1d1c26',
  white: '#ffffff',
  tint: '#e6f4ff',
  yellow: '#ffc83d',
  coral: '#ff6b5b',
  mint: '#2ec4a6',
  grey: '#6b7280',
};

const round = (d) =>
  d.replace(/-?\d*\.\d+/g, (n) => String(Math.round(parseFloat(n) * 100) / 100));

/** Width in px of `text` set in `font` at `size`. */
function measure(text, font, size, letterSpacing = 0) {
  const run = font.layout(text);
  return (run.advanceWidth * size) / font.unitsPerEm + letterSpacing * Math.max(0, run.glyphs.length - 1);
}

/** SVG path data for `text`; (x, y) is the left end of the baseline. */
function textPath(text, { font = fonts.bold, size, x = 0, y = 0, letterSpacing = 0, anchor = 'start' }) {
  const run = font.layout(text);
  const s = size / font.unitsPerEm;
  let penX = x;
  if (anchor !== 'start') {
    const w = measure(text, font, size, letterSpacing);
    penX -= anchor === 'middle' ? w / 2 : w;
  }
  let d = '';
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i];
    const gx = penX + pos.xOffset * s;
    const gy = y - pos.yOffset * s;
    d += glyph.path.scale(s, -s).translate(gx, gy).toSVG();
    penX += pos.xAdvance * s + letterSpacing;
  });
  return round(d);
}

/** Greedy word wrap by measured width. */
function wrap(text, font, size, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const probe = line ? `${line} ${word}` : word;
    if (line && measure(probe, font, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = probe;
  }
  if (line) lines.push(line);
  return lines;
}

function write(rel, data) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  console.log(`${rel.padEnd(40)} ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
}

const svg = (w, h, body, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" fill="none"${extra}>${body}</svg>\n`;

/* ------------------------------------------------------------------ logo */

// The mark: a speech bubble with a "T" whose bar curls like ram horns
// (қошқар мүйіз, a classic Kazakh ornament). Drawn on a 32x32 grid.
function mark({ bubble = C.blue, glyph = C.white } = {}) {
  return (
    `<path fill="${bubble}" d="M9 1h14a8 8 0 0 1 8 8v10a8 8 0 0 1-8 8h-9.2l-6.1 4.3c-.8.6-1.9-.1-1.7-1.1l.8-3.6A8 8 0 0 1 1 19V9a8 8 0 0 1 8-8z"/>` +
    `<path stroke="${glyph}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" d="M16 21.5V13M16 13c0-3.3-2.3-5-4.6-4.4-2.3.6-2.6 3.9-.3 4.3M16 13c0-3.3 2.3-5 4.6-4.4 2.3.6 2.6 3.9.3 4.3"/>`
  );
}

function logo(wordColor) {
  const word = textPath('Tilmen', { font: fonts.bold, size: 25, x: 41, y: 24.5 });
  return svg(132, 32, `${mark()}<path fill="${wordColor}" d="${word}"/>`, ' role="img" aria-label="Tilmen"');
}

const markSvg = svg(32, 32, mark());

async function png(svgText, size, rel, { background = C.white, padding = 0.16 } = {}) {
  const inner = Math.round(size * (1 - padding * 2));
  const art = await sharp(Buffer.from(svgText), { density: 72 * (inner / 32) * 1.01 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const buf = await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  write(rel, buf);
}


/* -------------------------------------------------------- partner logos */

// Fictional Kazakhstan companies. Monochrome grey: a small mark + two-line wordmark.
const partnerMarks = {
  chevrons: `<path stroke="currentColor" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" d="M5 7l11 11L5 29M19 7l11 11-11 11"/>`,
  sunrise: `<path fill="currentColor" d="M8 25a10 10 0 0 1 20 0z"/><path stroke="currentColor" stroke-width="3" stroke-linecap="round" d="M2 30h32M18 5v5M6.5 10.5l3.5 3.5M29.5 10.5 26 14M2 21h3M31 21h3"/>`,
  mountains: `<path fill="currentColor" d="M1 32 13 9l7 12.5 5-7.5 10 18z"/><path fill="#fff" d="m13 9 3.6 6.8-2.1-1.2-1.5 2-1.5-2-2.1 1.2z"/>`,
  signal: `<circle cx="8" cy="28" r="4.5" fill="currentColor"/><path stroke="currentColor" stroke-width="4" stroke-linecap="round" d="M6 16a14 14 0 0 1 14 14M6 5a25 25 0 0 1 25 25"/>`,
  shanyrak: `<circle cx="18" cy="18" r="14.5" stroke="currentColor" stroke-width="4"/><path stroke="currentColor" stroke-width="3" d="M12.5 5.5c2 8 2 17 0 25M23.5 5.5c-2 8-2 17 0 25M5.5 12.5c8 2 17 2 25 0M5.5 23.5c8-2 17-2 25 0"/>`,
  rocket: `<path fill="currentColor" d="M18 2c6 4.5 8.5 11 8.5 18.5V27h-17v-6.5C9.5 13 12 6.5 18 2z"/><circle cx="18" cy="15" r="3.5" fill="#fff"/><path fill="currentColor" d="M9.5 19 4 25v6l5.5-2zM26.5 19l5.5 6v6l-5.5-2zM14 29h8l-4 6z"/>`,
};

const partners = [
  ['Dala', 'Logistics', 'chevrons'],
  ['Kokzhiek', 'Energy', 'sunrise'],
  ['Altai', 'Foods', 'mountains'],
  ['Nomad', 'Telecom', 'signal'],
  ['Shanyrak', 'Build', 'shanyrak'],
  ['Baikonur', 'Digital', 'rocket'],
];

function partnerLogo([name, kind, markName]) {
  const x = 58;
  const main = textPath(name, { font: fonts.bold, size: 24, x, y: 34 });
  const sub = textPath(kind.toUpperCase(), { font: fonts.medium, size: 11, x: x + 1, y: 50, letterSpacing: 2.6 });
  const body =
    `<g color="${C.grey}"><g transform="translate(12 14)">${partnerMarks[markName]}</g>` +
    `<path fill="${C.grey}" d="${main}"/><path fill="${C.grey}" d="${sub}"/></g>`;
  return svg(200, 64, body, ` role="img" aria-label="${name} ${kind}"`);
}

/* ------------------------------------------------------------ tutors */

const skins = { light: '#f6d5bd', fair: '#f1c6a0', warm: '#e8b48a', tan: '#c98e66', brown: '#a8704d', deep: '#7a4b32' };
const hairs = { black: '#2b2330', darkBrown: '#4a3226', brown: '#7a5236', blond: '#e3bd72', ginger: '#c8643b', grey: '#9aa0aa' };
const bgs = [C.tint, '#fff4d6', '#dff6f1', '#ffe8e5'];

const hairBack = {
  long: (c) => `<path fill="${c}" d="M47 78c0-26 14-40 33-40s33 14 33 40v46H47z"/>`,
  bob: (c) => `<path fill="${c}" d="M46 82c0-28 14-42 34-42s34 14 34 42v20a6 6 0 0 1-6 6H52a6 6 0 0 1-6-6z"/>`,
  curly: (c) =>
    `<g fill="${c}"><circle cx="80" cy="68" r="38"/>${[[46, 52], [56, 36], [72, 28], [90, 28], [106, 36], [115, 52], [118, 72], [42, 72], [44, 92], [116, 92]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="13"/>`).join('')}</g>`,
  bun: (c) => `<circle cx="80" cy="35" r="14" fill="${c}"/>`,
  short: () => '',
  bald: () => '',
};
const hairFront = {
  long: (c) => `<path fill="${c}" d="M52 76c0-22 12-34 28-34s28 12 28 34c-6-10-16-17-30-19-8 5-18 10-26 19z"/>`,
  bob: (c) => `<path fill="${c}" d="M52 72c1-18 12-28 28-28s27 10 28 28c-10-8-19-11-28-11s-18 3-28 11z"/>`,
  curly: () => '',
  bun: (c) => `<path fill="${c}" d="M52 74c0-20 12-31 28-31s28 11 28 31c-4-9-10-14-17-16-8 2-24 3-39 16z"/>`,
  short: (c) => `<path fill="${c}" d="M52 73c-2-21 11-32 28-32s30 11 28 32c-3-9-8-13-14-14-9 2-19 2-28 0-7 1-11 6-14 14z"/>`,
  bald: (c) => `<path fill="${c}" d="M53 76c-1-5 0-9 2-12 1 4 2 8 4 11zM107 76c1-5 0-9-2-12-1 4-2 8-4 11z"/>`,
};

function tutor({ skin, hair, hairStyle, shirt, bg, glasses, earrings, beard, freckles }, { background = true } = {}) {
  const shade = '<path fill="#1d1c26" fill-opacity=".12" d="M69 96h22v10c-6 4-16 4-22 0z"/>';
  let b = `<rect width="160" height="160" fill="${bg}"/>`;
  b += hairBack[hairStyle](hair);
  b += `<path fill="${shirt}" d="M22 160c0-30 22-46 58-46s58 16 58 46z"/>`;
  b += `<path fill="${skin}" d="M69 92h22v22l-11 13-11-13z"/>${shade}`;
  b += `<circle cx="53" cy="78" r="7" fill="${skin}"/><circle cx="107" cy="78" r="7" fill="${skin}"/>`;
  b += `<ellipse cx="80" cy="74" rx="27" ry="31" fill="${skin}"/>`;
  if (beard) b += `<path fill="${beard}" d="M53 78c0 22 11 34 27 34s27-12 27-34c-5 9-12 13-27 13s-22-4-27-13z"/>`;
  b += hairFront[hairStyle](hair);
  b += `<circle cx="70" cy="78" r="3.2" fill="${C.dark}"/><circle cx="90" cy="78" r="3.2" fill="${C.dark}"/>`;
  b += `<path stroke="${C.dark}" stroke-opacity=".7" stroke-width="2.5" stroke-linecap="round" d="M64 69.5q6-3 11 0M85 69.5q5-3 11 0"/>`;
  b += `<circle cx="64" cy="88" r="5" fill="${C.coral}" fill-opacity=".25"/><circle cx="96" cy="88" r="5" fill="${C.coral}" fill-opacity=".25"/>`;
  if (freckles) b += `<g fill="#b5653f" fill-opacity=".5"><circle cx="62" cy="85" r="1"/><circle cx="66" cy="87" r="1"/><circle cx="94" cy="87" r="1"/><circle cx="98" cy="85" r="1"/></g>`;
  b += `<path stroke="${beard ? '#fff' : C.dark}" stroke-width="3" stroke-linecap="round" d="M72 92q8 6 16 0"/>`;
  if (glasses) b += `<g stroke="${C.dark}" stroke-width="2.5"><circle cx="70" cy="78" r="8.5"/><circle cx="90" cy="78" r="8.5"/><path d="M78.5 77.5h3M61.5 76l-7-2M98.5 76l7-2"/></g>`;
  if (earrings) b += `<circle cx="53" cy="88" r="3" fill="${C.yellow}"/><circle cx="107" cy="88" r="3" fill="${C.yellow}"/>`;
  b += `<path fill="#fff" fill-opacity=".35" d="M69 114l11 13 11-13 6 2-17 16-17-16z"/>`;
  return background ? svg(160, 160, b) : b.replace(/^<rect[^>]*\/>/, '');
}

const tutors = [
  { skin: skins.fair, hair: hairs.black, hairStyle: 'long', shirt: C.blue, bg: bgs[0], earrings: true },
  { skin: skins.warm, hair: hairs.black, hairStyle: 'short', shirt: C.mint, bg: bgs[1], glasses: true },
  { skin: skins.light, hair: hairs.blond, hairStyle: 'bob', shirt: C.coral, bg: bgs[2] },
  { skin: skins.light, hair: hairs.brown, hairStyle: 'short', shirt: C.dark, bg: bgs[3], beard: hairs.brown },
  { skin: skins.deep, hair: hairs.black, hairStyle: 'curly', shirt: C.yellow, bg: bgs[0], earrings: true },
  { skin: skins.light, hair: hairs.ginger, hairStyle: 'short', shirt: C.blue, bg: bgs[2], glasses: true, freckles: true },
  { skin: skins.fair, hair: hairs.darkBrown, hairStyle: 'bun', shirt: C.mint, bg: bgs[3], glasses: true },
  { skin: skins.brown, hair: hairs.black, hairStyle: 'bald', shirt: C.coral, bg: bgs[1], beard: hairs.black },
];

/* -------------------------------------------- recommendation letters */

function rng(seed) {
  let t = seed;
  return () => {
    t = (t * 1103515245 + 12345) % 2147483648;
    return t / 2147483648;
  };
}

function letter(i) {
  const accent = [C.blue, C.mint, C.coral, C.yellow][i % 4];
  const rand = rng(17 + i * 101);
  const markShapes = [
    `<circle cx="40" cy="40" r="12" fill="${accent}"/>`,
    `<rect x="28" y="28" width="24" height="24" rx="6" fill="${accent}"/>`,
    `<path fill="${accent}" d="M40 27l13 24H27z"/>`,
    `<path fill="${accent}" d="M40 27l13 13-13 13-13-13z"/>`,
  ];
  let b = `<rect x=".5" y=".5" width="299" height="419" rx="6" fill="#fff" stroke="#e5e7eb"/>`;
  b += `<path fill="${accent}" d="M6 .5h288a5.5 5.5 0 0 1 5.5 5.5v4H.5V6A5.5 5.5 0 0 1 6 .5z"/>`;
  b += markShapes[i % 4];
  b += `<rect x="60" y="32" width="${70 + i * 8}" height="9" rx="2" fill="${C.dark}"/><rect x="60" y="45" width="52" height="5" rx="2" fill="#9ca3af"/>`;
  b += `<g fill="#c4c9d2"><rect x="206" y="30" width="70" height="4" rx="2"/><rect x="222" y="39" width="54" height="4" rx="2"/><rect x="214" y="48" width="62" height="4" rx="2"/></g>`;
  b += `<path stroke="#e5e7eb" d="M24 68h252"/>`;
  b += `<rect x="206" y="82" width="70" height="5" rx="2" fill="#c4c9d2"/>`;
  b += `<rect x="95" y="104" width="110" height="8" rx="3" fill="${C.dark}"/>`;
  let y = 130;
  let lines = '';
  for (let p = 0; p < 3; p++) {
    const n = 3 + Math.floor(rand() * 2);
    for (let l = 0; l < n; l++) {
      const first = l === 0 ? 14 : 0;
      const w = l === n - 1 ? 80 + rand() * 110 : 252 - first - rand() * 6;
      lines += `<rect x="${24 + first}" y="${y}" width="${w.toFixed(0)}" height="5" rx="2.5"/>`;
      y += 13;
    }
    y += 10;
  }
  b += `<g fill="#d1d5db">${lines}</g>`;
  y += 12;
  b += `<g fill="#c4c9d2"><rect x="24" y="${y}" width="80" height="5" rx="2.5"/><rect x="24" y="${y + 13}" width="110" height="5" rx="2.5"/></g>`;
  const sy = y + 4;
  const squiggles = [
    `M150 ${sy + 10}c6-14 12-18 14-8s-6 22-2 16 10-22 16-18-4 16 2 14 10-10 14-8 4 6 12 2`,
    `M148 ${sy + 6}c10 10 8 20 2 16s2-22 10-20 2 18 8 16 4-12 10-12 2 10 8 8 8-6 16-8`,
    `M150 ${sy + 14}c4-18 20-20 14-4s-14 8-4 2 14-16 18-10-6 12 0 10 12-8 22-10`,
    `M152 ${sy + 2}c-4 14 2 18 8 10s6-16 4-8-2 14 6 10 6-10 10-8 2 8 8 6 10-4 14-4`,
  ];
  b += `<path stroke="#1e3a8a" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="${squiggles[i % 4]}"/>`;
  const cx = 238, cy = sy + 8;
  b += `<g transform="rotate(${-12 + i * 7} ${cx} ${cy})" stroke="#2563eb" stroke-opacity=".75">` +
    `<circle cx="${cx}" cy="${cy}" r="30" stroke-width="2.5"/><circle cx="${cx}" cy="${cy}" r="24" stroke-width="1.2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="27" stroke-width="3" stroke-dasharray="4 3"/>` +
    `<path stroke-width="2" stroke-linejoin="round" d="M${cx} ${cy - 11}l3.2 6.6 7.3 1-5.3 5.1 1.3 7.2-6.5-3.4-6.5 3.4 1.3-7.2-5.3-5.1 7.3-1z"/></g>`;
  b += `<path stroke="#e5e7eb" d="M24 396h252"/><g fill="#d1d5db"><rect x="24" y="404" width="90" height="4" rx="2"/><rect x="196" y="404" width="80" height="4" rx="2"/></g>`;
  return svg(300, 420, b);
}

/* ------------------------------------------------- Open Graph images */

const ogTexts = {
  ru: { title: 'Английский и казахский онлайн с репетитором', note: 'Бесплатный пробный урок' },
  kk: { title: 'Репетитормен ағылшын және қазақ тілі онлайн', note: 'Тегін сынақ сабағы' },
  en: { title: 'English and Kazakh online with a tutor', note: 'Free trial lesson' },
};

function ogBubble(x, y, w, h, fill, text, textFill, tail) {
  const t =
    tail === 'left'
      ? `<path fill="${fill}" d="M${x + 26} ${y + h - 2}l-14 24 34-24z"/>`
      : `<path fill="${fill}" d="M${x + w - 46} ${y + h - 2}l34 24-14-24z"/>`;
  const d = textPath(text, { font: fonts.bold, size: h * 0.5, x: x + w / 2, y: y + h * 0.68, anchor: 'middle' });
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="${fill}"/>${t}<path fill="${textFill}" d="${d}"/>`;
}

function ogSvg({ title, note }) {
  const maxW = 640;
  let size = 72;
  let lines = wrap(title, fonts.bold, size, maxW);
  while (lines.length > 3 || lines.some((l) => measure(l, fonts.bold, size) > maxW)) {
    size -= 2;
    lines = wrap(title, fonts.bold, size, maxW);
  }
  const lh = size * 1.16;
  const top = 315 - (lines.length * lh) / 2 + size * 0.78;
  const titlePaths = lines.map((l, i) => textPath(l, { font: fonts.bold, size, x: 80, y: top + i * lh })).join('');
  const noteSize = 28;
  const noteW = measure(note, fonts.medium, noteSize) + 64;
  const noteY = top + (lines.length - 1) * lh + 48;
  const word = textPath('Tilmen', { font: fonts.bold, size: 25, x: 41, y: 24.5 });
  const url = textPath('tilmen.kz', { font: fonts.medium, size: 26, x: 80, y: 578 });
  const avatar = tutor({ ...tutors[0], shirt: C.coral }, { background: false });
  const b = [
    `<rect width="1200" height="630" fill="${C.blue}"/>`,
    `<circle cx="1120" cy="40" r="230" fill="#fff" fill-opacity=".07"/><circle cx="40" cy="660" r="200" fill="#fff" fill-opacity=".06"/>`,
    `<g transform="translate(80 56) scale(2)">${mark({ bubble: C.white, glyph: C.blue })}<path fill="#fff" d="${word}"/></g>`,
    `<path fill="#fff" d="${titlePaths}"/>`,
    `<rect x="80" y="${noteY}" width="${noteW}" height="60" rx="30" fill="${C.yellow}"/>`,
    `<path fill="${C.dark}" d="${textPath(note, { font: fonts.medium, size: noteSize, x: 112, y: noteY + 40 })}"/>`,
    `<path fill="#fff" fill-opacity=".8" d="${url}"/>`,
    `<circle cx="960" cy="330" r="160" fill="#fff" fill-opacity=".2"/>`,
    `<clipPath id="av"><circle cx="960" cy="330" r="140"/></clipPath><circle cx="960" cy="330" r="140" fill="${C.tint}"/>`,
    `<g clip-path="url(#av)"><g transform="translate(785 152) scale(2.2)">${avatar}</g></g>`,
    ogBubble(758, 150, 120, 84, C.white, 'Aa', C.blue, 'right'),
    ogBubble(1040, 420, 120, 84, C.yellow, 'Әә', C.dark, 'left'),
    `<circle cx="1130" cy="210" r="12" fill="${C.mint}"/><circle cx="790" cy="500" r="9" fill="${C.coral}"/>`,
  ];
  return svg(1200, 630, b.join(''));
}

export { fonts, C, textPath, measure, wrap, svg, mark, tutor, tutors };

async function main() {
  write('public/images/logo.svg', logo(C.dark));
  write('public/images/logo-white.svg', logo(C.white));
  write('app/icon.svg', markSvg);
  partners.forEach((p, i) => write(`public/images/partners/partner-${i + 1}.svg`, partnerLogo(p)));
  tutors.forEach((t, i) => write(`public/images/tutors/tutor-${i + 1}.svg`, tutor(t)));
  for (let i = 0; i < 4; i++) write(`public/images/letters/letter-${i + 1}.svg`, letter(i));
  for (const [locale, texts] of Object.entries(ogTexts)) {
    const buf = await sharp(Buffer.from(ogSvg(texts))).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
    write(`public/og/og-${locale}.png`, buf);
  }
  await png(markSvg, 180, 'app/apple-icon.png');
  await png(markSvg, 192, 'public/icon-192.png');
  await png(markSvg, 512, 'public/icon-512.png');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
