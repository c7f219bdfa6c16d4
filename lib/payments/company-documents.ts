import 'server-only';
// The closing documents of a company's lesson pool and closed groups (docs/payments.md, "Closing
// documents"): the act of completed work for a month (the lessons the pool or a group seat paid
// for that took place or were spent by the rules, each with its date, the employee's initials, its
// minutes and its price) and the reconciliation statement for a period (invoices paid, lessons used,
// the balance at its start and end). Every figure is read from the ledger (lib/payments/company-pools.ts poolLessonsOf, the
// invoices' `invoice_paid` money), never typed in: the statement's closing balance is what the
// company paid less what its lessons used, as HR's pool view says.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Locale } from '@/i18n/routing';
import { ApiError } from '@/lib/api/errors';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { fileResponse } from '@/lib/api/download';
import { companies, companyInvoices, type InvoiceParty } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { addDays, addMonths } from '@/lib/time/calendar';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';
import { companyGroupLessonsOf } from '@/lib/groups/corporate';
import { companyParty, companyPool, poolLessonsOf, schoolRequisites, vatIncludedTiyn, type PoolLesson, type PoolMoney } from './company-pools';
import { renderActPdf, renderReconciliationPdf } from './company-documents-pdf';

export interface ActLine {
  lessonId: number;
  /** The lesson's day (Almaty), YYYY-MM-DD. */
  date: string;
  /** "Сарсенова А.": the last name and the first name's initial (no more personal data than that). */
  employee: string;
  minutes: number;
  /** Held by the room's log, or spent by the rules without being held (the employee did not come, cancelled late). */
  state: 'held' | 'missed';
  amountTiyn: number;
}

export interface ActOfMonth {
  /** "A-2026-03-000012": the month and the company. */
  number: string;
  month: string;
  /** The act's date: the month's last day, or today for the month still running (then it is preliminary). */
  date: string;
  preliminary: boolean;
  school: InvoiceParty;
  company: InvoiceParty;
  lines: ActLine[];
  amountTiyn: number;
  /** The VAT included (invoices issued by a VAT-paying school), 0 without. */
  vatTiyn: number;
  vatPercent: number;
  /** The month's pool lessons still open (booked ahead, or ended and not settled yet): in a later copy of this act once settled. */
  open: number;
}

/**
 * The lessons the company's money paid for in a period: its pool's (lib/payments/company-pools.ts
 * poolLessonsOf) and its employees' seats in its closed groups (one line per employee and lesson,
 * lib/groups/corporate.ts companyGroupLessonsOf), by start.
 */
async function companyLessonsOf(db: Db, companyId: number, period: { from?: Date; to?: Date }): Promise<PoolLesson[]> {
  const [pool, groups] = await Promise.all([poolLessonsOf(db, companyId, period), companyGroupLessonsOf(db, companyId, period)]);
  return [...pool, ...groups].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.lessonId - b.lessonId);
}

const initials = (lastName: string, firstName: string) => `${lastName} ${Array.from(firstName)[0] ?? ''}.`.trim();

async function companyRow(db: Db, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw new ApiError(404, 'not_found');
  return company;
}

/** The VAT of used lessons per invoice (a VAT-paying school's invoices include it). */
async function vatOf(db: Db, lessons: PoolLesson[]): Promise<{ vatTiyn: number; vatPercent: number }> {
  const ids = [...new Set(lessons.map((l) => l.invoiceId))];
  if (ids.length === 0) return { vatTiyn: 0, vatPercent: 0 };
  const invoices = await db.select({ id: companyInvoices.id, vatPayer: companyInvoices.vatPayer, vatPercent: companyInvoices.vatPercent }).from(companyInvoices).where(inArray(companyInvoices.id, ids));
  let vatTiyn = 0;
  let vatPercent = 0;
  for (const inv of invoices) {
    if (!inv.vatPayer) continue;
    vatPercent = inv.vatPercent;
    vatTiyn += vatIncludedTiyn(
      lessons.filter((l) => l.invoiceId === inv.id).reduce((s, l) => s + l.amountTiyn, 0),
      inv.vatPercent,
    );
  }
  return { vatTiyn, vatPercent };
}

/** The act of completed work of a company's pool for a month (YYYY-MM): the month's lessons used, in date order. */
export async function actOfMonth(db: Db, companyId: number, month: string, now = new Date()): Promise<ActOfMonth> {
  const company = await companyRow(db, companyId);
  const first = `${month}-01`;
  const next = addMonths(first, 1);
  const lessons = await companyLessonsOf(db, companyId, { from: schoolInstant(first, 0), to: schoolInstant(next, 0) });
  const used = lessons.filter((l): l is PoolLesson & { state: 'held' | 'missed' } => l.state !== 'scheduled');
  const today = schoolDate(now);
  const last = addDays(next, -1);
  const preliminary = today <= last;
  return {
    number: `A-${month}-${String(companyId).padStart(6, '0')}`,
    month,
    date: preliminary ? today : last,
    preliminary,
    school: schoolRequisites(),
    company: companyParty(company),
    lines: used.map((l) => ({
      lessonId: l.lessonId,
      date: schoolDate(l.startsAt),
      employee: initials(l.lastName, l.firstName),
      minutes: Math.round((l.endsAt.getTime() - l.startsAt.getTime()) / 60_000),
      state: l.state,
      amountTiyn: l.amountTiyn,
    })),
    amountTiyn: used.reduce((s, l) => s + l.amountTiyn, 0),
    ...(await vatOf(db, used)),
    open: lessons.length - used.length,
  };
}

export interface StatementLine {
  /** YYYY-MM-DD. */
  date: string;
  kind: 'payment' | 'services';
  /** A payment: its invoice's number and the payment order; services: the month's act and its lessons. */
  invoice?: string;
  paymentOrder?: string | null;
  act?: string;
  month?: string;
  lessons?: number;
  /** Services rendered (the school's side: what the company owes for). */
  debitTiyn: number;
  /** Payments received. */
  creditTiyn: number;
}

export interface Reconciliation {
  from: string;
  to: string;
  school: InvoiceParty;
  company: InvoiceParty;
  /** Paid and not yet used at the start of `from` (the company's prepayment: what the school owes in lessons); negative would be the company's debt. */
  openingTiyn: number;
  lines: StatementLine[];
  debitTiyn: number;
  creditTiyn: number;
  /** The same at the end of `to`. */
  closingTiyn: number;
  /** Booked and not yet held at the end of `to`: part of the prepayment, not yet a service. */
  scheduledTiyn: number;
}

/**
 * The reconciliation statement of a company's pool for `[from, to]` (Almaty days, inclusive): the
 * opening balance, each invoice paid (by the bank's date) and each month's lessons used (by the
 * lessons' dates, one line per month, as the acts), the turnover and the closing balance.
 */
export async function reconciliation(db: Db, companyId: number, from: string, to: string): Promise<Reconciliation> {
  const company = await companyRow(db, companyId);
  const end = schoolInstant(addDays(to, 1), 0);
  const [paid, lessons] = await Promise.all([
    db
      .select({ number: companyInvoices.number, paidOn: companyInvoices.paidOn, paymentOrder: companyInvoices.paymentOrder, amountTiyn: companyInvoices.amountTiyn })
      .from(companyInvoices)
      .where(and(eq(companyInvoices.companyId, companyId), eq(companyInvoices.status, 'paid')))
      .orderBy(companyInvoices.paidOn, companyInvoices.id),
    companyLessonsOf(db, companyId, { to: end }),
  ]);
  const used = lessons.filter((l) => l.state !== 'scheduled');
  const before = (d: string) => d < from;
  let openingTiyn = 0;
  const lines: StatementLine[] = [];
  for (const p of paid) {
    if (!p.paidOn || p.paidOn > to) continue;
    if (before(p.paidOn)) openingTiyn += p.amountTiyn;
    else lines.push({ date: p.paidOn, kind: 'payment', invoice: p.number, paymentOrder: p.paymentOrder, debitTiyn: 0, creditTiyn: p.amountTiyn });
  }
  const months = new Map<string, { lessons: number; tiyn: number; last: string }>();
  for (const l of used) {
    const d = schoolDate(l.startsAt);
    if (before(d)) {
      openingTiyn -= l.amountTiyn;
      continue;
    }
    const m = months.get(d.slice(0, 7)) ?? { lessons: 0, tiyn: 0, last: d };
    m.lessons += 1;
    m.tiyn += l.amountTiyn;
    if (d > m.last) m.last = d;
    months.set(d.slice(0, 7), m);
  }
  for (const [month, m] of months) {
    const monthEnd = addDays(addMonths(`${month}-01`, 1), -1);
    lines.push({ date: monthEnd < to ? monthEnd : to, kind: 'services', act: `A-${month}-${String(companyId).padStart(6, '0')}`, month, lessons: m.lessons, debitTiyn: m.tiyn, creditTiyn: 0 });
  }
  lines.sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'payment' ? -1 : 1));
  const debitTiyn = lines.reduce((s, l) => s + l.debitTiyn, 0);
  const creditTiyn = lines.reduce((s, l) => s + l.creditTiyn, 0);
  return {
    from,
    to,
    school: schoolRequisites(),
    company: companyParty(company),
    openingTiyn,
    lines,
    debitTiyn,
    creditTiyn,
    closingTiyn: openingTiyn + creditTiyn - debitTiyn,
    scheduledTiyn: lessons.filter((l) => l.state === 'scheduled').reduce((s, l) => s + l.amountTiyn, 0),
  };
}

/** The month an accountant closes by default: the one before today's (Almaty). */
export const previousSchoolMonth = (now = new Date()) => addMonths(`${schoolDate(now).slice(0, 7)}-01`, -1).slice(0, 7);

/** The act of completed work as a PDF in `locale` (HR: its own company; finance: any), audited `document.act`. */
export async function actPdfResponse(db: Db, actor: Actor, companyId: number, month: string | undefined, locale: Locale, now = new Date()): Promise<Response> {
  const act = await actOfMonth(db, companyId, month ?? previousSchoolMonth(now), now);
  await audit(db, actor, { action: 'document.act', entity: 'company', entityId: companyId, after: { month: act.month, lessons: act.lines.length, amountTiyn: act.amountTiyn } });
  return fileResponse(new Uint8Array(await renderActPdf(act, locale, now)), 'pdf', `act-${act.month}.pdf`);
}

/** The reconciliation statement as a PDF in `locale` (default: the year so far), audited `document.reconciliation`. */
export async function reconciliationPdfResponse(db: Db, actor: Actor, companyId: number, q: { from?: string; to?: string }, locale: Locale, now = new Date()): Promise<Response> {
  const today = schoolDate(now);
  const to = q.to ?? today;
  const from = q.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw new ApiError(422, 'validation_failed', { to: 'period_order' });
  const r = await reconciliation(db, companyId, from, to);
  await audit(db, actor, { action: 'document.reconciliation', entity: 'company', entityId: companyId, after: { from, to, closingTiyn: r.closingTiyn } });
  return fileResponse(new Uint8Array(await renderReconciliationPdf(r, locale, now)), 'pdf', `reconciliation-${from}-${to}.pdf`);
}

export interface CompanyBalance extends PoolMoney {
  companyId: number;
  company: string;
}

/**
 * Finance: every company with a paid invoice, and what its pool holds in money: paid, used (lessons
 * held or spent by the rules), booked ahead, and paid but not used yet (the advance the school
 * still owes in lessons). One `pool.balances` audit row per look.
 */
export async function companyBalances(db: Db, actor: Actor): Promise<CompanyBalance[]> {
  const paying = await db
    .selectDistinct({ id: companies.id, name: companies.name })
    .from(companies)
    // A pool's invoice paid (a closed group's invoice alone is no pool: its money is the company's for groups).
    .innerJoin(companyInvoices, and(eq(companyInvoices.companyId, companies.id), eq(companyInvoices.status, 'paid'), isNull(companyInvoices.groupId)))
    .orderBy(companies.name);
  const out: CompanyBalance[] = [];
  for (const c of paying) out.push({ companyId: c.id, company: c.name, ...(await companyPool(db, null, c.id)).money });
  await auditListView(db, actor, { action: 'pool.balances', entity: 'company', total: out.length });
  return out;
}
