import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  type PDFFont,
  type PDFPage,
  type RGB,
  closePath,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
} from 'pdf-lib';
import { encodeQr } from '@/lib/qr';
import { schoolDateOf } from '@/lib/time/school-clock';

/**
 * The certificate of the Kazakh level test: one A4 landscape page, Rubik embedded as the full font
 * (no subsetting) so that Kazakh letters (ә ғ қ ң ө ұ ү һ і) render and extract as text, and a QR code
 * that opens the public verification page.
 */
export interface CertificateData {
  /** Certificate number, e.g. 'KZT-2026-7Q4M9X'. */
  number: string;
  firstName: string;
  lastName: string;
  /** CEFR band id: 'A1' | 'A2' | 'B1' | 'B2' | 'C1'. */
  level: string;
  /** Kazakh name of the band, e.g. 'Орта деңгей'. */
  levelName: string;
  company?: string | null;
  issuedAt: Date;
  /**
   * Whether the taker's identity was checked against the employer's staff roster; the certificate
   * says so either way. Missing means not checked.
   */
  identityChecked?: boolean;
  /** Absolute URL of the verification page, https://…/certificate/{number}; the QR code encodes exactly this. */
  verifyUrl: string;
}

// ---------------------------------------------------------------------------------------------
// Fonts: read once per process from node_modules (relative to the working directory, which is the
// project root both for the Next server and for Vitest).

let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

function loadFonts() {
  if (!fontBytes) {
    // Literal paths: the bundler traces just these two files into the server output.
    fontBytes = Promise.all([
      readFile(path.join(process.cwd(), 'node_modules/@expo-google-fonts/rubik/400Regular/Rubik_400Regular.ttf')),
      readFile(path.join(process.cwd(), 'node_modules/@expo-google-fonts/rubik/700Bold/Rubik_700Bold.ttf')),
    ]).then(
      ([regular, bold]) => ({ regular, bold }),
    );
    // A failed read (wrong working directory) must not poison the cache for later calls.
    fontBytes.catch(() => (fontBytes = undefined));
  }
  return fontBytes;
}

// Ligatures off: with a full (non-subset) font pdf-lib writes widths and the ToUnicode map only for
// glyphs reachable from the font's cmap, so a ligature glyph ("fi" in "Certificate") would get the
// default width 1000 and no Unicode mapping. Kerning off: pdf-lib measures with kerning but draws
// without it, so measuring without it keeps centring and fit-to-width exact.
const FONT_FEATURES = { liga: false, kern: false };

/**
 * A new PDF with Rubik embedded whole, regular and bold (Cyrillic and Kazakh letters render and
 * extract as text): the certificates' and the company invoices' (lib/payments/invoice-pdf.ts).
 */
export async function rubikPdf(): Promise<{ pdf: PDFDocument; regular: PDFFont; bold: PDFFont }> {
  const fonts = await loadFonts();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(fonts.regular, { subset: false, features: FONT_FEATURES });
  const bold = await pdf.embedFont(fonts.bold, { subset: false, features: FONT_FEATURES });
  return { pdf, regular, bold };
}

// ---------------------------------------------------------------------------------------------
// Layout

const PAGE = { width: 841.89, height: 595.28 }; // A4 landscape, points
const CENTER = PAGE.width / 2;

const hex = (h: string): RGB =>
  rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);

const COLOR = {
  blue: hex('#0090f9'),
  dark: hex('#0070c2'),
  ink: hex('#1d1c26'),
  muted: hex('#6b7280'),
  rule: hex('#d6e9f8'),
  tint: hex('#f3f9ff'),
  white: rgb(1, 1, 1),
};

// The Tilmen mark (same geometry as public/images/logo.svg, 32x32 grid).
const MARK_BUBBLE =
  'M9 1h14a8 8 0 0 1 8 8v10a8 8 0 0 1-8 8h-9.2l-6.1 4.3c-.8.6-1.9-.1-1.7-1.1l.8-3.6A8 8 0 0 1 1 19V9a8 8 0 0 1 8-8z';
const MARK_HORNS =
  'M16 21.5V13M16 13c0-3.3-2.3-5-4.6-4.4-2.3.6-2.6 3.9-.3 4.3M16 13c0-3.3 2.3-5 4.6-4.4 2.3.6 2.6 3.9.3 4.3';

/** dd.mm.yyyy in Kazakhstan time (UTC+5 all year since 1 March 2024; fixed so old tzdata cannot shift it). */
export function formatCertificateDate(date: Date): string {
  const [y, m, d] = schoolDateOf(date).split('-');
  return `${d}.${m}.${y}`;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The largest size ≤ max at which the text fits maxWidth. */
function fitSize(text: string, font: PDFFont, max: number, maxWidth: number): number {
  const width = font.widthOfTextAtSize(text, max);
  return width <= maxWidth ? max : (max * maxWidth) / width;
}

/**
 * The name on one line at up to 40 pt; when it would have to shrink below 24 pt, on two lines (≤ 26 pt) split
 * at the word boundary that balances them (if that gives a larger size). Always fits maxWidth.
 */
export function layoutName(name: string, font: PDFFont, maxWidth: number): { lines: string[]; size: number } {
  const single = { lines: [name], size: fitSize(name, font, 40, maxWidth) };
  if (single.size >= 24) return single;
  const words = name.split(' ');
  let best = single;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const size = Math.min(...lines.map((l) => fitSize(l, font, 26, maxWidth)));
    if (size > best.size) best = { lines, size };
  }
  return best;
}

function centered(page: PDFPage, text: string, y: number, size: number, font: PDFFont, color: RGB, cx = CENTER) {
  page.drawText(text, { x: cx - font.widthOfTextAtSize(text, size) / 2, y, size, font, color });
}

/** The QR code as filled rectangles (one per horizontal run, all in one path and one fill, so no seams). */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const matrix = encodeQr(text);
  const QUIET = 4;
  const modules = matrix.length + QUIET * 2;
  const m = size / modules;
  page.drawRectangle({ x, y, width: size, height: size, color: COLOR.white });
  const ops = [pushGraphicsState(), setFillingColor(COLOR.ink)];
  matrix.forEach((row, r) => {
    const top = y + size - (r + QUIET) * m;
    for (let c = 0; c < row.length; ) {
      if (!row[c]) {
        c++;
        continue;
      }
      let end = c;
      while (row[end]) end++;
      const left = x + (c + QUIET) * m;
      const right = x + (end + QUIET) * m;
      ops.push(moveTo(left, top), lineTo(right, top), lineTo(right, top - m), lineTo(left, top - m), closePath());
      c = end;
    }
  });
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

function drawMark(page: PDFPage, x: number, top: number, scale: number, color: RGB) {
  page.drawSvgPath(MARK_BUBBLE, { x, y: top, scale, color });
  page.drawSvgPath(MARK_HORNS, { x, y: top, scale, borderColor: COLOR.white, borderWidth: 3, borderLineCap: 1 });
}

/** The identity line, in the certificate's two languages (Kazakh / English). */
export const IDENTITY_LINE = {
  checked: {
    kk: 'Жеке басы жұмыс берушінің қызметкерлер тізімі бойынша расталған',
    en: 'Identity verified against the employer’s staff roster',
  },
  unchecked: {
    kk: 'Жеке басы жұмыс берушінің қызметкерлер тізімі бойынша расталмаған',
    en: 'Identity not verified against the employer’s staff roster',
  },
} as const;

/**
 * Every certificate says whose it is (design.md, "The Kazakh test's level"): the school's own, graded on
 * the KAZTEST scale's levels, not a result of the state test.
 */
export const SCHOOL_LINE = {
  kk: 'Tilmen мектебінің сертификаты, мемлекеттік ҚАЗТЕСТ тестілеуінің нәтижесі емес',
  en: 'A Tilmen school certificate, not a result of the state KAZTEST',
} as const;

// ---------------------------------------------------------------------------------------------

export async function renderCertificatePdf(data: CertificateData): Promise<Uint8Array> {
  let url: URL;
  try {
    url = new URL(data.verifyUrl);
  } catch {
    throw new TypeError(`Certificate verifyUrl must be an absolute URL: ${data.verifyUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`Certificate verifyUrl must be http(s): ${data.verifyUrl}`);
  }

  const { pdf, regular, bold } = await rubikPdf();

  const fullName = clean(`${data.firstName} ${data.lastName}`);
  const level = clean(`${data.level} — ${data.levelName}`);
  const company = data.company ? clean(data.company) : '';
  const date = formatCertificateDate(data.issuedAt);
  const number = clean(data.number);

  pdf.setTitle(`Сертификат / Certificate ${number} — ${fullName}`, { showInWindowTitleBar: true });
  pdf.setAuthor('Tilmen');
  pdf.setSubject(`Қазақ тілін меңгеру деңгейі / Kazakh language proficiency level: ${level}`);
  pdf.setKeywords(['Tilmen', 'certificate', 'сертификат', data.level, number]);
  pdf.setLanguage('kk');
  pdf.setCreator('Tilmen');
  pdf.setProducer('Tilmen (pdf-lib)');
  pdf.setCreationDate(data.issuedAt);
  pdf.setModificationDate(data.issuedAt);

  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const { width: W, height: H } = PAGE;

  // Frame: a pale tint, a brand-blue border and a thin dark inner rule, a blue band along the top.
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: COLOR.tint });
  page.drawRectangle({ x: 20, y: 20, width: W - 40, height: H - 40, color: COLOR.white, borderColor: COLOR.blue, borderWidth: 2.5 });
  page.drawRectangle({ x: 28, y: 28, width: W - 56, height: H - 56, borderColor: COLOR.dark, borderWidth: 0.6 });
  page.drawRectangle({ x: 28, y: H - 36, width: W - 56, height: 8, color: COLOR.blue });

  // Brand line.
  drawMark(page, 56, H - 52, 0.9, COLOR.blue);
  page.drawText('Tilmen', { x: 90, y: H - 74, size: 20, font: bold, color: COLOR.ink });
  const site = 'tilmen.kz';
  page.drawText(site, { x: W - 56 - regular.widthOfTextAtSize(site, 10), y: H - 70, size: 10, font: regular, color: COLOR.muted });

  // Title.
  centered(page, 'СЕРТИФИКАТ', H - 142, 42, bold, COLOR.blue);
  centered(page, 'CERTIFICATE', H - 164, 14, bold, COLOR.dark);
  centered(page, 'Қазақ тілін меңгеру деңгейі', H - 196, 15, regular, COLOR.ink);
  centered(page, 'Kazakh language proficiency level', H - 213, 10.5, regular, COLOR.muted);

  // Holder.
  const CONTENT = W - 2 * 90;
  centered(page, 'Сертификат берілген тұлға / This certificate is awarded to', H - 250, 10.5, regular, COLOR.muted);
  const name = layoutName(fullName, bold, CONTENT);
  const nameTop = name.lines.length === 1 ? H - 298 : H - 279;
  name.lines.forEach((line, i) => centered(page, line, nameTop - i * name.size * 1.12, name.size, bold, COLOR.ink));
  const ruleY = Math.min(H - 316, nameTop - (name.lines.length - 1) * name.size * 1.12 - 10);
  page.drawLine({ start: { x: CENTER - 220, y: ruleY }, end: { x: CENTER + 220, y: ruleY }, thickness: 1, color: COLOR.rule });

  // Level and company.
  centered(page, 'Деңгей / Level', H - 340, 10, regular, COLOR.muted);
  centered(page, level, H - 368, fitSize(level, bold, 26, CONTENT), bold, COLOR.dark);
  if (company) {
    const line = `Компания / Company: ${company}`;
    centered(page, line, H - 394, fitSize(line, regular, 12, CONTENT), regular, COLOR.ink);
  }
  // What the certificate is: identity checked or not, and the school's (not the state's) result; in
  // Kazakh and English lines narrow enough to pass between the date block and the QR code.
  const identity = data.identityChecked ? IDENTITY_LINE.checked : IDENTITY_LINE.unchecked;
  const NOTE_WIDTH = 400;
  const notesTop = company ? H - 412 : H - 394;
  [identity.kk, identity.en].forEach((line, i) => centered(page, line, notesTop - i * 10, fitSize(line, regular, 8.5, NOTE_WIDTH), regular, COLOR.muted));
  [SCHOOL_LINE.kk, SCHOOL_LINE.en].forEach((line, i) => centered(page, line, notesTop - 25 - i * 10, fitSize(line, bold, 8.5, NOTE_WIDTH), bold, COLOR.dark));

  // Bottom left: date and number.
  const LEFT = 60;
  const label = (text: string, y: number) => page.drawText(text, { x: LEFT, y, size: 9, font: regular, color: COLOR.muted });
  label('Берілген күні / Date of issue', 150);
  page.drawText(date, { x: LEFT, y: 131, size: 15, font: bold, color: COLOR.ink });
  label('Сертификат нөмірі / Certificate No.', 102);
  page.drawText(number, { x: LEFT, y: 83, size: fitSize(number, bold, 15, 240), font: bold, color: COLOR.ink });

  // Bottom right: QR code, the URL and how to verify.
  const QR_SIZE = 116;
  const qrCenter = W - 150;
  drawQr(page, data.verifyUrl, qrCenter - QR_SIZE / 2, 78, QR_SIZE);
  centered(page, data.verifyUrl, 64, fitSize(data.verifyUrl, regular, 7, 230), regular, COLOR.muted, qrCenter);
  const verify = 'Тексеру үшін QR-кодты сканерлеңіз / Verify: scan the QR code';
  centered(page, verify, 48, fitSize(verify, regular, 8, 250), regular, COLOR.dark, qrCenter);

  return pdf.save();
}
