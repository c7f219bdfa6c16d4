// Generates the legal PDFs (public offer, privacy policy, rules for tutors) in ru / kk / en.
// Texts live in scripts/docs/*.mjs. The full Rubik TTF is embedded (no subsetting),
// so Cyrillic and Kazakh letters (ә ғ қ ң ө ұ ү һ і) render and extract correctly.
// Run: node scripts/make-docs.mjs (DOCS_OUT_DIR=dir writes elsewhere: the docs test compares).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, rgb } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import * as offer from './docs/public-offer.mjs';
import * as privacy from './docs/privacy-policy.mjs';
import * as tutorRules from './docs/tutor-rules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.DOCS_OUT_DIR ? path.resolve(process.env.DOCS_OUT_DIR) : path.join(root, 'public/docs');
const rubik = (w) => fs.readFileSync(path.join(root, 'node_modules/@expo-google-fonts/rubik', w));
const regularBytes = rubik('400Regular/Rubik_400Regular.ttf');
const boldBytes = rubik('700Bold/Rubik_700Bold.ttf');

const A4 = [595.28, 841.89];
const M = { left: 54, right: 54, top: 50, bottom: 64 };
const WIDTH = A4[0] - M.left - M.right;
const BODY = 11;
const LEAD = BODY * 1.33;
const NBSP = '\u00a0';

const hex = (h) => rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);
const COLOR = { text: hex('#1d1c26'), muted: hex('#6b7280'), blue: hex('#0090f9'), rule: hex('#d6e9f8') };

const labels = {
  ru: { page: (i, n) => `Страница ${i} из ${n}`, org: 'ТОО «Тилмен Онлайн» · tilmen.kz', lang: 'ru-KZ' },
  kk: { page: (i, n) => `${n} беттің ${i}-беті`, org: '«Тилмен Онлайн» ЖШС · tilmen.kz', lang: 'kk-KZ' },
  en: { page: (i, n) => `Page ${i} of ${n}`, org: 'Tilmen Online LLP · tilmen.kz', lang: 'en-KZ' },
};

// Keep numbers, the tenge sign and "№ 94-V" together on one line.
const glue = (s) =>
  s
    .replace(/(\d) (?=\d{3}\b)/g, `$1${NBSP}`)
    .replace(/ ₸/g, `${NBSP}₸`)
    .replace(/№ /g, `№${NBSP}`)
    .replace(/ (—|-) /g, `${NBSP}$1 `);

function wrap(text, font, size, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of glue(text).split(' ')) {
    const probe = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(probe.replaceAll(NBSP, ' '), size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = probe;
  }
  if (line) lines.push(line);
  return lines.map((l) => l.replaceAll(NBSP, ' '));
}

// The Tilmen mark (same geometry as public/images/logo.svg, 32x32 grid).
const MARK_BUBBLE =
  'M9 1h14a8 8 0 0 1 8 8v10a8 8 0 0 1-8 8h-9.2l-6.1 4.3c-.8.6-1.9-.1-1.7-1.1l.8-3.6A8 8 0 0 1 1 19V9a8 8 0 0 1 8-8z';
const MARK_HORNS =
  'M16 21.5V13M16 13c0-3.3-2.3-5-4.6-4.4-2.3.6-2.6 3.9-.3 4.3M16 13c0-3.3 2.3-5 4.6-4.4 2.3.6 2.6 3.9.3 4.3';

async function makePdf(doc, locale, file) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(regularBytes, { subset: false, features: { liga: false, kern: false } });
  const bold = await pdf.embedFont(boldBytes, { subset: false, features: { liga: false, kern: false } });
  const L = labels[locale];

  const date = new Date('2026-11-22T04:00:00Z') /* 09:00 in Almaty */;
  pdf.setTitle(`${doc.title} — Tilmen`, { showInWindowTitleBar: true });
  pdf.setAuthor(L.org.split(' · ')[0]);
  pdf.setSubject(doc.subtitle);
  pdf.setLanguage(L.lang);
  pdf.setCreator('Tilmen');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);

  let page;
  let y;
  const newPage = () => {
    page = pdf.addPage(A4);
    y = A4[1] - M.top;
  };
  const ensure = (h) => {
    if (y - h < M.bottom) newPage();
  };
  const text = (s, x, size, font, color = COLOR.text) => page.drawText(s, { x, y, size, font, color });

  newPage();

  // Brand line: mark + wordmark, then a thin rule.
  const markScale = 0.75;
  page.drawSvgPath(MARK_BUBBLE, { x: M.left, y: y + 6, scale: markScale, color: COLOR.blue });
  page.drawSvgPath(MARK_HORNS, {
    x: M.left,
    y: y + 6,
    scale: markScale,
    borderColor: rgb(1, 1, 1),
    borderWidth: 3,
    borderLineCap: 1,
  });
  y -= 13;
  text('Tilmen', M.left + 31, 17, bold);
  const orgW = regular.widthOfTextAtSize(L.org, 9);
  text(L.org, A4[0] - M.right - orgW, 9, regular, COLOR.muted);
  y -= 14;
  page.drawLine({ start: { x: M.left, y }, end: { x: A4[0] - M.right, y }, thickness: 1, color: COLOR.rule });
  y -= 30;

  // Title block.
  for (const line of wrap(doc.title.toUpperCase(), bold, 18, WIDTH)) {
    text(line, M.left + (WIDTH - bold.widthOfTextAtSize(line, 18)) / 2, 18, bold);
    y -= 24;
  }
  for (const line of wrap(doc.subtitle, regular, 11, WIDTH - 40)) {
    text(line, M.left + (WIDTH - regular.widthOfTextAtSize(line, 11)) / 2, 11, regular, COLOR.muted);
    y -= 15;
  }
  y -= 12;
  text(doc.city, M.left, 10, regular, COLOR.muted);
  text(doc.edition, A4[0] - M.right - regular.widthOfTextAtSize(doc.edition, 10), 10, regular, COLOR.muted);
  y -= 22;

  for (const section of doc.sections) {
    // Keep a heading together with at least two lines of its first paragraph.
    ensure(14 + 6 + LEAD * 2);
    y -= 6;
    for (const line of wrap(section.heading, bold, 12, WIDTH)) {
      text(line, M.left, 12, bold);
      y -= 16;
    }
    y -= 1;
    for (const para of section.paragraphs) {
      const bullet = para.startsWith('- ');
      const indent = bullet ? 16 : 0;
      const lines = wrap(bullet ? para.slice(2) : para, regular, BODY, WIDTH - indent);
      lines.forEach((line, i) => {
        // Avoid a single orphan line at the bottom of a page.
        ensure(i === 0 && lines.length > 1 ? LEAD * 2 : LEAD);
        if (bullet && i === 0) text('•', M.left + 4, BODY, bold, COLOR.blue);
        text(line, M.left + indent, BODY, regular);
        y -= LEAD;
      });
      y -= 3;
    }
  }

  // Footer with page numbers.
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const label = L.page(i + 1, pages.length);
    p.drawLine({ start: { x: M.left, y: 50 }, end: { x: A4[0] - M.right, y: 50 }, thickness: 0.8, color: COLOR.rule });
    p.drawText(L.org, { x: M.left, y: 36, size: 9, font: regular, color: COLOR.muted });
    p.drawText(label, { x: A4[0] - M.right - regular.widthOfTextAtSize(label, 9), y: 36, size: 9, font: regular, color: COLOR.muted });
  });

  const bytes = await pdf.save();
  const out = path.join(outDir, file);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, bytes);
  console.log(`public/docs/${file.padEnd(24)} ${pages.length} pages  ${(bytes.length / 1024).toFixed(0)} KB`);
}

for (const locale of ['ru', 'kk', 'en']) {
  await makePdf(offer[locale], locale, `public-offer-${locale}.pdf`);
  await makePdf(privacy[locale], locale, `privacy-policy-${locale}.pdf`);
  await makePdf(tutorRules[locale], locale, `tutor-rules-${locale}.pdf`);
}
