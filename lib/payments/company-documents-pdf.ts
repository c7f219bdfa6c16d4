import 'server-only';
// The act of completed work and the reconciliation statement as PDFs (lib/payments/company-documents.ts
// has their figures), in Kazakh for a Kazakh reader and in Russian for everyone else (documentLocale), laid out by lib/payments/document-pdf.ts like
// the invoice; a warning across the top when the school's requisites are the development placeholders.
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import { KK_MONTHS } from '@/lib/time/school-clock';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';
import { amountInWords } from './amount-words';
import type { ActOfMonth, Reconciliation } from './company-documents';
import { day, documentLocale, money, PdfDoc, schoolIn } from './document-pdf';
import { offerUrl } from './invoice-pdf';

const RU_MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "март 2026" / "2026 жылғы наурыз" / "March 2026". */
export function monthName(month: string, locale: Locale): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  if (locale === 'kk') return `${y} жылғы ${KK_MONTHS[m - 1]}`;
  return `${(locale === 'en' ? EN_MONTHS : RU_MONTHS)[m - 1]} ${y}`;
}

const messages = { ru, kk, en };
const partyKeys = (t: (k: never) => string) => (k: 'bin' | 'iban' | 'bank' | 'bic' | 'kbe' | 'address') => t(k as never);

export async function renderActPdf(data: ActOfMonth, readerLocale: Locale, now = new Date()): Promise<Uint8Array> {
  const locale = documentLocale(readerLocale);
  const act = { ...data, school: schoolIn(data.school, locale) };
  const t = createTranslator({ locale, messages: messages[locale], namespace: 'Company.actPdf' });
  const ti = createTranslator({ locale, messages: messages[locale], namespace: 'Company.invoicePdf' });
  const title = t('title', { number: act.number, date: day(act.date) });
  const doc = await PdfDoc.create({ title, author: act.school.name, locale, date: now });
  if (act.school.placeholder) doc.alarm(t('placeholder'));
  doc.para(title, 15, doc.bold);
  doc.para(t('period', { month: monthName(act.month, locale) }), 11);
  if (act.preliminary) doc.para(t('preliminary'), 10, doc.bold);
  doc.gap(8);
  doc.party(t('contractor'), act.school, partyKeys(ti));
  doc.party(t('customer'), { ...act.company, iban: act.company.iban || undefined, bank: act.company.bank || undefined, bic: act.company.bic || undefined, kbe: act.company.kbe || undefined }, partyKeys(ti));
  doc.para(act.company.contract ? ti('basisContract', { number: act.company.contract.number, date: day(act.company.contract.date) }) : t('basisOffer', { url: offerUrl(locale) }), 10);
  doc.gap(10);
  doc.para(t('services'), 10);
  doc.gap(6);
  if (act.lines.length === 0) doc.para(t('empty'), 10);
  else
    doc.table(
      [{ w: 28 }, { w: 66 }, { w: 140 }, { w: 131 }, { w: 50, align: 'right' }, { w: 0, align: 'right' }],
      [t('colNo'), t('colDate'), t('colEmployee'), t('colService'), t('colMinutes'), t('colAmount')],
      act.lines.map((l, i) => [String(i + 1), day(l.date), l.employee, t(l.state === 'held' ? 'serviceHeld' : 'serviceMissed'), String(l.minutes), money(l.amountTiyn, locale)]),
    );
  doc.right(`${t('total', { lessons: act.lines.length })}: ${money(act.amountTiyn, locale)}`, 11, doc.bold);
  doc.right(act.vatTiyn > 0 ? `${ti('vatIncluded', { percent: act.vatPercent })}: ${money(act.vatTiyn, locale)}` : ti('noVat'), 10);
  doc.gap(4);
  doc.para(`${ti('inWords')}: ${amountInWords(act.amountTiyn, locale)}`, 10, doc.bold);
  doc.gap(4);
  if (act.lines.some((l) => l.state === 'missed')) doc.para(t('missedNote'), 9.5);
  if (act.open > 0) doc.para(t('openNote', { n: act.open }), 9.5);
  doc.para(t('noClaims'), 10);
  const sign = (p: typeof act.school) => (p.signatory ? { role: p.signatory.position || t('signatory'), name: p.signatory.name } : { role: t('signatory'), name: '____________' });
  doc.para(t('contractor'), 10, doc.bold);
  doc.signatures([sign(act.school)], ti('stamp'));
  doc.gap(6);
  doc.para(t('customer'), 10, doc.bold);
  doc.signatures([sign(act.company)], ti('stamp'));
  return doc.save();
}

export async function renderReconciliationPdf(data: Reconciliation, readerLocale: Locale, now = new Date()): Promise<Uint8Array> {
  const locale = documentLocale(readerLocale);
  const r = { ...data, school: schoolIn(data.school, locale) };
  const t = createTranslator({ locale, messages: messages[locale], namespace: 'Company.reconciliationPdf' });
  const ti = createTranslator({ locale, messages: messages[locale], namespace: 'Company.invoicePdf' });
  const ta = createTranslator({ locale, messages: messages[locale], namespace: 'Company.actPdf' });
  const title = t('title', { from: day(r.from), to: day(r.to) });
  const doc = await PdfDoc.create({ title, author: r.school.name, locale, date: now });
  if (r.school.placeholder) doc.alarm(ta('placeholder'));
  doc.para(title, 15, doc.bold);
  doc.para(t('between', { school: r.school.name, company: r.company.name }), 10.5);
  doc.para(r.company.contract ? ti('basisContract', { number: r.company.contract.number, date: day(r.company.contract.date) }) : ta('basisOffer', { url: offerUrl(locale) }), 10);
  doc.gap(10);
  const amount = (tiyn: number) => (tiyn ? money(tiyn, locale) : '');
  const balanceRow = (label: string, tiyn: number) => ['', label, tiyn < 0 ? money(-tiyn, locale) : '', tiyn > 0 ? money(tiyn, locale) : ''];
  doc.table(
    [{ w: 62 }, { w: 250 }, { w: 91, align: 'right' }, { w: 0, align: 'right' }],
    [t('colDate'), t('colDocument'), t('colDebit'), t('colCredit')],
    [
      balanceRow(t('opening', { date: day(r.from) }), r.openingTiyn),
      ...r.lines.map((l) => [
        day(l.date),
        l.kind === 'payment' ? t('payment', { invoice: l.invoice!, order: l.paymentOrder ?? '—' }) : t('services', { act: l.act!, month: monthName(l.month!, locale), lessons: l.lessons! }),
        amount(l.debitTiyn),
        amount(l.creditTiyn),
      ]),
      ['', t('turnover'), money(r.debitTiyn, locale), money(r.creditTiyn, locale)],
      balanceRow(t('closing', { date: day(r.to) }), r.closingTiyn),
    ],
    9,
  );
  doc.para(t('columns'), 9);
  doc.gap(4);
  doc.para(
    r.closingTiyn > 0
      ? t('owedToCompany', { date: day(r.to), school: r.school.name, company: r.company.name, amount: money(r.closingTiyn, locale), words: amountInWords(r.closingTiyn, locale) })
      : r.closingTiyn < 0
        ? t('owedByCompany', { date: day(r.to), school: r.school.name, company: r.company.name, amount: money(-r.closingTiyn, locale), words: amountInWords(-r.closingTiyn, locale) })
        : t('settled', { date: day(r.to) }),
    10.5,
    doc.bold,
  );
  if (r.scheduledTiyn > 0) doc.para(t('scheduledNote', { amount: money(r.scheduledTiyn, locale) }), 9.5);
  const sign = (p: typeof r.school) => (p.signatory ? { role: p.signatory.position || ta('signatory'), name: p.signatory.name } : { role: ta('signatory'), name: '____________' });
  doc.para(r.school.name, 10, doc.bold);
  doc.signatures([sign(r.school)], ti('stamp'));
  doc.gap(6);
  doc.para(r.company.name, 10, doc.bold);
  doc.signatures([sign(r.company)], ti('stamp'));
  return doc.save();
}
