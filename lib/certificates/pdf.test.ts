import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCertificateDate, IDENTITY_LINE, renderCertificatePdf, SCHOOL_LINE, type CertificateData } from './pdf';

// The PDF is checked the way a reader sees it: poppler extracts the text and rasterises the page,
// zbar decodes the QR code from the pixels. `npm test` installs both (ensure_pdf_tools in scripts/lib.sh).
const TOOLS = { pdftotext: 'poppler-utils', pdftoppm: 'poppler-utils', pdffonts: 'poppler-utils', pdfinfo: 'poppler-utils', zbarimg: 'zbar-tools' };

function checkTools() {
  const missing = Object.keys(TOOLS).filter((tool) => spawnSync(tool, ['-v'], { stdio: 'ignore' }).error);
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((tool) => TOOLS[tool as keyof typeof TOOLS]))].join(' ');
    throw new Error(
      `Certificate PDF tests need ${missing.join(', ')}: apt-get install -y ${packages} ` +
        '(npm test installs them through ensure_pdf_tools in scripts/lib.sh)',
    );
  }
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const SAMPLE: CertificateData = {
  number: 'KZT-2026-7Q4M9X',
  firstName: 'Әйгерім',
  lastName: 'Нұрмағанбетова',
  level: 'B1',
  levelName: 'Орта деңгей',
  // ff / ffi: ligature glyphs would break widths and text extraction with a full (non-subset) font.
  company: 'Caspian Offshore Efficiency LLP',
  // 20:30 UTC is already the next day in Almaty (UTC+5).
  issuedAt: new Date('2026-11-22T20:30:00Z'),
  verifyUrl: 'https://tilmen.kz/certificate/KZT-2026-7Q4M9X',
};

// Every Kazakh-specific letter in lower case, and in upper case all but Ң (no word starts with it).
const LETTERS_NAME = { firstName: 'Үмітгүл-Әсем Ұлжан Һадиша', lastName: 'Ғалымжанова-Қоңырбаева Өмірбекқызы Шаһмұратқызы Ағыбай-Төлеуова Іңкәр' };
const KAZAKH_LETTERS = 'әғқңөұүһіӘҒҚӨҰҮҺІ';

let dir: string;
const files = new Map<string, string>();

async function renderTo(name: string, data: CertificateData): Promise<string> {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, await renderCertificatePdf(data));
  files.set(name, file);
  return file;
}

/** Word boxes from `pdftotext -bbox` (PDF points, origin top left). */
function wordBoxes(file: string) {
  const html = run('pdftotext', ['-bbox', file, '-']);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    xMax: Number(m[3]),
    text: m[5]!,
  }));
}

const FRAME = { left: 28, right: 841.89 - 28 };

describe('certificate PDF', () => {
  beforeAll(async () => {
    checkTools();
    dir = mkdtempSync(path.join(tmpdir(), 'tilmen-cert-'));
    await renderTo('sample', SAMPLE);
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('extracts the Kazakh name, level, company, number and date as text', () => {
    const text = run('pdftotext', ['-layout', files.get('sample')!, '-']);
    expect(text).toContain('Әйгерім Нұрмағанбетова');
    expect(text).toContain('B1 — Орта деңгей');
    expect(text).toContain('Caspian Offshore Efficiency LLP');
    expect(text).toContain('KZT-2026-7Q4M9X');
    expect(text).toContain('23.11.2026');
    expect(text).toContain('СЕРТИФИКАТ');
    expect(text).toContain('Қазақ тілін меңгеру деңгейі');
    expect(text).toContain('Сертификат нөмірі / Certificate No.');
    expect(text.replace(/\s+/g, ' ')).toContain('Тексеру үшін QR-кодты сканерлеңіз / Verify: scan the QR code');
    expect(text).toContain(SAMPLE.verifyUrl);
    expect(text).not.toContain('\ufffd');
  });

  it('says whether the identity was checked against the employer’s roster (not checked unless stated)', async () => {
    const flat = (file: string) => run('pdftotext', ['-layout', file, '-']).replace(/\s+/g, ' ');
    const lines = (l: { kk: string; en: string }) => [l.kk, l.en];
    for (const line of lines(IDENTITY_LINE.unchecked)) expect(flat(files.get('sample')!)).toContain(line);
    const unchecked = flat(await renderTo('identity-unchecked', { ...SAMPLE, identityChecked: false, company: null }));
    for (const line of lines(IDENTITY_LINE.unchecked)) expect(unchecked).toContain(line);
    const checked = flat(await renderTo('identity-checked', { ...SAMPLE, identityChecked: true }));
    for (const line of lines(IDENTITY_LINE.checked)) expect(checked).toContain(line);
    for (const line of lines(IDENTITY_LINE.unchecked)) expect(checked).not.toContain(line);
    // Whoever holds it reads that it is the school's certificate, not a state KAZTEST result.
    for (const text of [checked, unchecked]) for (const line of lines(SCHOOL_LINE)) expect(text).toContain(line);
  });

  it('extracts every Kazakh letter (ә ғ қ ң ө ұ ү һ і, both cases)', async () => {
    const name = `${LETTERS_NAME.firstName} ${LETTERS_NAME.lastName}`;
    for (const letter of KAZAKH_LETTERS) expect(name, `the test name lacks ${letter}`).toContain(letter);
    const file = await renderTo('letters', { ...SAMPLE, ...LETTERS_NAME, company: null });
    const text = run('pdftotext', ['-layout', file, '-']);
    for (const word of name.split(' ')) expect(text).toContain(word);
    expect(text).not.toContain('Company');
  });

  it('encodes exactly the verification URL in a QR code that a scanner reads', () => {
    const prefix = path.join(dir, 'sample');
    run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', files.get('sample')!, prefix]);
    const decoded = run('zbarimg', ['--quiet', '--raw', `${prefix}.png`]);
    expect(decoded.trim()).toBe(SAMPLE.verifyUrl);
  });

  it('reads a longer URL too (a larger QR version)', async () => {
    const verifyUrl = 'https://tilmen.kz/kk/certificate/KZT-2026-7Q4M9X?utm_source=qr&utm_medium=certificate-pdf';
    const file = await renderTo('long-url', { ...SAMPLE, verifyUrl });
    const prefix = path.join(dir, 'long-url');
    run('pdftoppm', ['-r', '150', '-png', '-singlefile', file, prefix]);
    expect(run('zbarimg', ['--quiet', '--raw', `${prefix}.png`]).trim()).toBe(verifyUrl);
  });

  it('shrinks a very long name (and company) to stay inside the frame', async () => {
    const long = {
      ...SAMPLE,
      firstName: 'Әйгерім-Гүлнұр Жұлдызқызы Мәди Қайраткерқызы Һадиша',
      lastName: 'Нұрмағанбетова-Сәрсенбаева-Абылайханова-Ұлықбекова-Өтегенова',
      company: 'Қазақстан Республикасының Өнеркәсіп және Құрылыс Министрлігінің Ғылыми-Зерттеу Орталығы ЖШС',
    };
    const file = await renderTo('long', long);
    const text = run('pdftotext', ['-layout', file, '-']);
    for (const word of `${long.firstName} ${long.lastName}`.split(' ')) expect(text).toContain(word);
    expect(text).toContain('Ғылыми-Зерттеу');
    for (const box of wordBoxes(file)) {
      expect(box.xMin, box.text).toBeGreaterThanOrEqual(FRAME.left);
      expect(box.xMax, box.text).toBeLessThanOrEqual(FRAME.right);
    }
  });

  it('shrinks a single unbreakable long name on one line', async () => {
    const name = 'Нұрмағанбетова'.repeat(6);
    const file = await renderTo('one-word', { ...SAMPLE, firstName: '', lastName: name });
    const boxes = wordBoxes(file).filter((b) => b.text === name);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.xMin).toBeGreaterThanOrEqual(FRAME.left);
    expect(boxes[0]!.xMax).toBeLessThanOrEqual(FRAME.right);
  });

  it('embeds the full Rubik fonts (not subsets) with a Unicode map', () => {
    const file = files.get('sample')!;
    const fonts = run('pdffonts', [file])
      .split('\n')
      .filter((line) => line.startsWith('Rubik'));
    expect(fonts).toHaveLength(2);
    // name type(2 words) encoding emb sub uni ...
    for (const line of fonts) expect(line).toMatch(/^Rubik-\S+\s+CID TrueType\s+Identity-H\s+yes\s+no\s+yes\b/);
    expect(statSync(file).size).toBeGreaterThan(150_000);
  });

  it('is one A4 landscape page with the metadata set', async () => {
    const file = files.get('sample')!;
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+841\.89 x 595\.28 pts \(A4\)/m);
    expect(info).toMatch(/^Author:\s+Tilmen$/m);
    expect(info).toMatch(/^Title:\s+.*KZT-2026-7Q4M9X.*Әйгерім Нұрмағанбетова/m);
    const doc = await PDFDocument.load(await renderCertificatePdf(SAMPLE), { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-22T20:30:00.000Z');
    expect(doc.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('kk');
  });

  it('refuses a verification URL that is not absolute http(s)', async () => {
    await expect(renderCertificatePdf({ ...SAMPLE, verifyUrl: '/certificate/KZT-2026-7Q4M9X' })).rejects.toThrow(/absolute URL/);
    await expect(renderCertificatePdf({ ...SAMPLE, verifyUrl: 'javascript:alert(1)' })).rejects.toThrow(/http/);
  });
});

describe('certificate date', () => {
  it('is dd.mm.yyyy in Kazakhstan time (UTC+5)', () => {
    expect(formatCertificateDate(new Date('2026-11-22T18:59:59Z'))).toBe('22.11.2026');
    expect(formatCertificateDate(new Date('2026-11-22T19:00:00Z'))).toBe('23.11.2026');
    expect(formatCertificateDate(new Date('2027-01-01T02:00:00+05:00'))).toBe('01.01.2027');
  });
});
