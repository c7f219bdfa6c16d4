import 'server-only';
// The invoice of a company lesson pool as a PDF (docs/payments.md, "Company lesson pools"): A4
// portrait, in Kazakh for a Kazakh reader and in Russian for everyone else (documentLocale). What a Kazakh accountant
// pays it by: both parties' requisites with the beneficiary code (Кбе) and the payment purpose code
// (КНП 859, services), the basis (the contract, or the public offer), the line, the total and VAT,
// the amount in words, the payment reference, the school's signatures and the stamp's place; a
// warning across the top when the school's requisites were still the development placeholders.
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import type { InvoiceParty } from '@/lib/db/schema';
import { groupTitle } from '@/lib/lessons/notify';
import { absoluteUrl } from '@/lib/seo';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';
import { amountInWords } from './amount-words';
import { day, documentLocale, money, PdfDoc, schoolIn } from './document-pdf';

/** The payment purpose code (КНП) of a payment for services, printed for the buyer's payment order. */
export const KNP_SERVICES = '859';

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
  /** A closed group's invoice: the group (its subject and level), the seats, the lessons of a seat and their length. */
  group?: { subject: string; level: string; seats: number; lessons: number; minutes: number } | null;
}

/** The public offer a company without its own contract accepts by paying (the same offer as the students'; it names legal entities too). */
export const offerUrl = (locale: Locale) => absoluteUrl(`/docs/public-offer-${locale}.pdf`);

export async function renderInvoicePdf(invoice: InvoicePdfData, readerLocale: Locale): Promise<Uint8Array> {
  const locale = documentLocale(readerLocale);
  const data = { ...invoice, school: schoolIn(invoice.school, locale) };
  const t = createTranslator({ locale, messages: { ru, kk, en }[locale], namespace: 'Company.invoicePdf' });
  const title = t('title', { number: data.number, date: day(data.createdAt) });
  const doc = await PdfDoc.create({ title, author: data.school.name, locale, date: data.createdAt });
  if (data.school.placeholder) doc.alarm(t('placeholder'));
  doc.para(title, 16, doc.bold);
  doc.gap(8);
  doc.party(t('supplier'), data.school, (k) => t(k));
  doc.para(t('knp', { code: KNP_SERVICES }), 10);
  doc.gap(8);
  // The buyer's requisites it has (a company without a bank account on record shows none).
  doc.party(t('buyer'), { ...data.buyer, iban: data.buyer.iban || undefined, bank: data.buyer.bank || undefined, bic: data.buyer.bic || undefined, kbe: data.buyer.kbe || undefined }, (k) => t(k));
  doc.para(data.buyer.contract ? t('basisContract', { number: data.buyer.contract.number, date: day(data.buyer.contract.date) }) : t('basisOffer', { url: offerUrl(locale) }), 10);
  doc.gap(10);

  doc.table(
    [{ w: 24 }, { w: 215 }, { w: 50, align: 'right' }, { w: 55 }, { w: 70, align: 'right' }, { w: 0, align: 'right' }],
    [t('colNo'), t('colItem'), t('colQty'), t('colUnit'), t('colPrice'), t('colAmount')],
    [['1', data.group ? t('groupItem', { group: groupTitle(data.group, locale), seats: data.group.seats, lessons: data.group.lessons, minutes: data.group.minutes }) : t('item'), String(data.lessons), t('unit'), money(data.perLessonTiyn, locale), money(data.amountTiyn, locale)]],
    9.5,
  );
  doc.right(`${t('total')}: ${money(data.amountTiyn, locale)}`, 10.5);
  doc.right(data.vatPayer ? `${t('vatIncluded', { percent: data.vatPercent })}: ${money(data.vatTiyn, locale)}` : t('noVat'), 10.5);
  doc.right(`${t('payable')}: ${money(data.amountTiyn, locale)}`, 12.5, doc.bold);
  doc.gap(6);
  doc.para(t('itemsTotal', { items: 1, amount: money(data.amountTiyn, locale) }), 10);
  doc.para(`${t('inWords')}: ${amountInWords(data.amountTiyn, locale)}`, 10, doc.bold);
  doc.gap(6);
  if (!data.vatPayer) doc.para(`${t('noVat')}: ${t('noVatReason')}`, 9.5, doc.regular);
  doc.para(t('purpose', { number: data.number }), 10);
  doc.gap(4);
  doc.para(t('footer'), 9.5);
  const signatures = data.school.signatory ? [{ role: data.school.signatory.position, name: data.school.signatory.name }] : [];
  if (data.school.accountant) signatures.push({ role: t('accountant'), name: data.school.accountant });
  if (signatures.length) doc.signatures(signatures, t('stamp'));
  return doc.save();
}
