import 'server-only';
// The layout the company documents share (docs/payments.md, "Company lesson pools"): the invoice,
// the act of completed work and the reconciliation statement. A4 portrait, Rubik embedded in full
// (lib/certificates/pdf.ts rubikPdf) so Cyrillic and Kazakh letters render and copy as text;
// paragraphs wrap by words, tables wrap inside their cells, and a page that fills up continues on
// the next one.
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Locale } from '@/i18n/routing';
import { rubikPdf } from '@/lib/certificates/pdf';
import type { InvoiceParty } from '@/lib/db/schema';
import { kazakhLegalName } from '@/lib/school-requisites';
import { formatTiyn } from '@/lib/tariffs';
import { schoolDay } from '@/lib/time/wall-clock';

export const INK = rgb(0.11, 0.11, 0.15);
export const MUTED = rgb(0.42, 0.45, 0.5);
export const RULE = rgb(0.8, 0.85, 0.9);
export const ALARM = rgb(0.75, 0.1, 0.1);

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 50;

/**
 * The language a company document prints in: Kazakh for a reader whose language is Kazakh, Russian
 * for everyone else (English included). The invoice, the act and the reconciliation statement are
 * filed by a Kazakh accountant, and Kazakh accounting documents are in Kazakh or Russian.
 */
export const documentLocale = (locale: Locale): 'ru' | 'kk' => (locale === 'kk' ? 'kk' : 'ru');

/** The school as a document in `locale` names it: its Kazakh legal name on a Kazakh document (derived from the Russian one for invoices issued before SCHOOL_LEGAL_NAME_KK). */
export const schoolIn = (school: InvoiceParty, locale: 'ru' | 'kk'): InvoiceParty =>
  locale === 'kk' ? { ...school, name: school.nameKk || kazakhLegalName(school.name) || school.name } : school;

/** An amount as the documents print it: "450 000 ₸" (plain spaces, so the text copies cleanly). */
export const money = (tiyn: number, locale: Locale) => formatTiyn(tiyn, locale).replace(/\u00a0/g, ' ');

/** dd.mm.yyyy of the school's (Almaty) day of an instant, or of a YYYY-MM-DD day. */
export const day = (d: Date | string) => (typeof d === 'string' ? d : schoolDay(d)).split('-').reverse().join('.');

/** Breaks a text into lines that fit the width (by words; a word longer than the width stays whole). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

export interface Column {
  /** Width in points (the last column takes what is left when 0). */
  w: number;
  align?: 'left' | 'right';
}

/** A document being written top to bottom: the cursor `y`, new pages as needed. */
export class PdfDoc {
  page: PDFPage;
  y: number;
  readonly left = MARGIN;
  readonly width = PAGE_W - 2 * MARGIN;

  private constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE_W, PAGE_H]);
    this.y = PAGE_H - 60;
  }

  static async create(meta: { title: string; author: string; locale: Locale; date: Date }): Promise<PdfDoc> {
    const { pdf, regular, bold } = await rubikPdf();
    pdf.setTitle(meta.title);
    pdf.setAuthor(meta.author);
    pdf.setCreator('Tilmen');
    pdf.setProducer('Tilmen (pdf-lib)');
    pdf.setLanguage(meta.locale);
    pdf.setCreationDate(meta.date);
    pdf.setModificationDate(meta.date);
    return new PdfDoc(pdf, regular, bold);
  }

  /** Room for `height` points on this page, else a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN && height !== Number.MAX_SAFE_INTEGER) return;
    this.page = this.pdf.addPage([PAGE_W, PAGE_H]);
    this.y = PAGE_H - 60;
  }

  text(s: string, x: number, size: number, font = this.regular, color = INK) {
    this.page.drawText(s, { x, y: this.y, size, font, color });
  }

  /** A wrapped paragraph at the left margin (+ indent), the cursor moved below it. */
  para(s: string, size: number, font = this.regular, color = INK, indent = 0) {
    for (const line of wrap(s, font, size, this.width - indent)) {
      this.need(size * 1.45);
      this.text(line, this.left + indent, size, font, color);
      this.y -= size * 1.45;
    }
  }

  /** A line set flush right ("Итого: 45 000 ₸"). */
  right(s: string, size: number, font = this.regular) {
    this.need(size * 1.6);
    this.text(s, this.left + this.width - font.widthOfTextAtSize(s, size), size, font);
    this.y -= size * 1.6;
  }

  gap(points: number) {
    this.y -= points;
  }

  rule() {
    this.page.drawLine({ start: { x: this.left, y: this.y + 10 }, end: { x: this.left + this.width, y: this.y + 10 }, thickness: 0.8, color: RULE });
  }

  /** A table: a muted header, then rows, each cell wrapped within its column; header repeated on a new page. */
  table(cols: Column[], header: string[], rows: string[][], size = 9) {
    const widths = cols.map((c, i) => (c.w || this.width - cols.slice(0, i).reduce((s, x) => s + x.w, 0)));
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const lineH = size * 1.4;
    const measure = (cells: string[], font: PDFFont) => {
      const lines = cells.map((c, i) => wrap(c, font, size, widths[i]! - 6));
      return { lines, height: Math.max(...lines.map((l) => l.length)) * lineH + 4 };
    };
    const drawRow = ({ lines, height }: ReturnType<typeof measure>, font: PDFFont, color = INK) => {
      lines.forEach((ls, i) =>
        ls.forEach((l, j) => {
          const x = cols[i]!.align === 'right' ? xs[i]! + widths[i]! - 3 - font.widthOfTextAtSize(l, size) : xs[i]! + 3;
          this.page.drawText(l, { x, y: this.y - j * lineH, size, font, color });
        }),
      );
      this.y -= height;
      this.page.drawLine({ start: { x: this.left, y: this.y + lineH - 2 }, end: { x: this.left + this.width, y: this.y + lineH - 2 }, thickness: 0.5, color: RULE });
    };
    const head = measure(header, this.bold);
    const drawHead = () => {
      this.rule();
      drawRow(head, this.bold, MUTED);
    };
    this.need(head.height + 20);
    drawHead();
    for (const r of rows) {
      const row = measure(r, this.regular);
      if (this.y - row.height < 50) {
        // The table goes on on the next page, under its header again.
        this.need(Number.MAX_SAFE_INTEGER);
        drawHead();
      }
      drawRow(row, this.regular);
    }
    this.gap(6);
  }

  /** A party's block: its label, name and the requisites it has. */
  party(label: string, p: InvoiceParty, t: (key: 'bin' | 'iban' | 'bank' | 'bic' | 'kbe' | 'address') => string) {
    this.para(label, 10, this.bold, MUTED);
    this.para(p.name, 11, this.bold);
    const lines: [string, string | null | undefined][] = [
      [t('bin'), p.bin],
      [t('iban'), p.iban],
      [t('bank'), p.bank],
      [t('bic'), p.bic],
      [t('kbe'), p.kbe],
      [t('address'), p.address],
    ];
    // A requisite the party's record has no field for is left out; one it has but is empty shows "—".
    for (const [k, v] of lines) if (v !== undefined) this.para(`${k}: ${v ?? '—'}`, 10);
    this.gap(8);
  }

  /** Signature lines: "Role ________ / Name /", side by side, with the stamp's place under them. */
  signatures(lines: { role: string; name: string }[], stamp: string) {
    this.need(40 + lines.length * 22);
    this.gap(10);
    for (const l of lines) {
      const s = `${l.role} ____________________ / ${l.name} /`;
      this.para(s, 10);
      this.gap(8);
    }
    this.para(stamp, 9, this.regular, MUTED);
  }

  /** A warning in red across the page (a document made with placeholder requisites). */
  alarm(s: string) {
    this.para(s, 12, this.bold, ALARM);
    this.gap(6);
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}
