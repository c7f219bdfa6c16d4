import 'server-only';
// The invoice of a company lesson pool as a PDF (docs/payments.md, "Company lesson pools"): A4
// portrait, in Russian, Kazakh or English, Rubik embedded as the full font like the certificates
// (lib/certificates/pdf.ts) so Cyrillic and Kazakh letters render and extract as text.
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import { rubikPdf } from '@/lib/certificates/pdf';
import type { InvoiceParty } from '@/lib/db/schema';
import { formatTiyn } from '@/lib/tariffs';
import { schoolDay } from '@/lib/time/wall-clock';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';

export interface InvoicePdfData {
  number: string;
  createdAt: Date;
  lessons: number;
  perLessonTiyn: number;
  amountTiyn: number;
  vatPayer: boolean;
  vatPercent: number;
  vatTiyn: number;
  school: InvoiceParty;
  buyer: InvoiceParty;
}


const INK = rgb(0.11, 0.11, 0.15);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.8, 0.85, 0.9);

/** An amount as the invoice prints it: "450 000 ₸" (plain spaces, so the text copies cleanly). */
const money = (tiyn: number, locale: Locale) => formatTiyn(tiyn, locale).replace(/\u00a0/g, ' ');

/** dd.mm.yyyy of the school's (Almaty) day. */
const day = (d: Date) => schoolDay(d).split('-').reverse().join('.');

/** Breaks a line into lines that fit the width (by words). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderInvoicePdf(data: InvoicePdfData, locale: Locale): Promise<Uint8Array> {
  const t = createTranslator({ locale, messages: { ru, kk, en }[locale], namespace: 'Company.invoicePdf' });
  const { pdf, regular, bold } = await rubikPdf();
  const title = t('title', { number: data.number, date: day(data.createdAt) });
  pdf.setTitle(title);
  pdf.setAuthor(data.school.name);
  pdf.setCreator('Tilmen');
  pdf.setProducer('Tilmen (pdf-lib)');
  pdf.setLanguage(locale);
  pdf.setCreationDate(data.createdAt);
  pdf.setModificationDate(data.createdAt);

  const page: PDFPage = pdf.addPage([595.28, 841.89]);
  const LEFT = 50;
  const WIDTH = 595.28 - 2 * LEFT;
  let y = 841.89 - 60;
  const text = (s: string, x: number, size: number, font = regular, color = INK) => page.drawText(s, { x, y, size, font, color });
  const para = (s: string, size: number, font = regular, color = INK, indent = 0) => {
    for (const line of wrap(s, font, size, WIDTH - indent)) {
      text(line, LEFT + indent, size, font, color);
      y -= size * 1.45;
    }
  };

  for (const line of wrap(title, bold, 16, WIDTH)) {
    text(line, LEFT, 16, bold);
    y -= 22;
  }
  y -= 8;
  const party = (label: string, p: InvoiceParty) => {
    para(label, 10, bold, MUTED);
    para(p.name, 11, bold);
    para(`${t('bin')}: ${p.bin ?? '—'}`, 10);
    if (p.iban !== undefined) para(`${t('iban')}: ${p.iban ?? '—'}`, 10);
    if (p.bank !== undefined) para(`${t('bank')}: ${p.bank ?? '—'}`, 10);
    if (p.bic !== undefined) para(`${t('bic')}: ${p.bic ?? '—'}`, 10);
    para(`${t('address')}: ${p.address ?? '—'}`, 10);
    y -= 8;
  };
  party(t('supplier'), data.school);
  party(t('buyer'), data.buyer);

  // The table: one line of lessons.
  const cols = [
    { key: 'colNo', x: LEFT, w: 24 },
    { key: 'colItem', x: LEFT + 24, w: 215 },
    { key: 'colQty', x: LEFT + 239, w: 50 },
    { key: 'colUnit', x: LEFT + 289, w: 55 },
    { key: 'colPrice', x: LEFT + 344, w: 70 },
    { key: 'colAmount', x: LEFT + 414, w: WIDTH - 414 },
  ] as const;
  page.drawLine({ start: { x: LEFT, y: y + 12 }, end: { x: LEFT + WIDTH, y: y + 12 }, thickness: 0.8, color: RULE });
  for (const c of cols) text(t(c.key), c.x + 2, 9, bold, MUTED);
  y -= 16;
  const itemLines = wrap(t('item'), regular, 9.5, cols[1].w - 4);
  const rowTop = y;
  text('1', cols[0].x + 2, 9.5);
  itemLines.forEach((l, i) => page.drawText(l, { x: cols[1].x + 2, y: rowTop - i * 13, size: 9.5, font: regular, color: INK }));
  text(String(data.lessons), cols[2].x + 2, 9.5);
  text(t('unit'), cols[3].x + 2, 9.5);
  text(money(data.perLessonTiyn, locale), cols[4].x + 2, 9.5);
  text(money(data.amountTiyn, locale), cols[5].x + 2, 9.5);
  y = rowTop - itemLines.length * 13 - 4;
  page.drawLine({ start: { x: LEFT, y: y + 8 }, end: { x: LEFT + WIDTH, y: y + 8 }, thickness: 0.8, color: RULE });
  y -= 12;

  const right = (label: string, value: string, size: number, font = regular) => {
    const s = `${label}: ${value}`;
    text(s, LEFT + WIDTH - font.widthOfTextAtSize(s, size), size, font);
    y -= size * 1.6;
  };
  right(t('total'), money(data.amountTiyn, locale), 10.5);
  if (data.vatPayer) right(t('vatIncluded', { percent: data.vatPercent }), money(data.vatTiyn, locale), 10.5);
  else {
    const s = t('noVat');
    text(s, LEFT + WIDTH - regular.widthOfTextAtSize(s, 10.5), 10.5);
    y -= 10.5 * 1.6;
  }
  right(t('payable'), money(data.amountTiyn, locale), 12.5, bold);
  y -= 10;
  if (!data.vatPayer) para(`${t('noVat')}: ${t('noVatReason')}`, 9.5, regular, MUTED);
  para(t('purpose', { number: data.number }), 10);
  y -= 6;
  para(t('footer'), 9.5, regular, MUTED);
  return pdf.save();
}
