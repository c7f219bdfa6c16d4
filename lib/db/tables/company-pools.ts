// ── Company lesson pools (issue 24, docs/payments.md "Company lesson pools"): a company buys a
// pool of lessons against an invoice paid by bank transfer; finance marks it paid; HR gives the
// lessons to employees of its roster. Money and lessons move in the ledger (`company_balance:<id>`,
// `employee_balance:<id>`), never in a stored total: these tables hold the documents.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companies, companyUsers } from './companies';
import { groups } from './groups';

export type InvoiceStatus = 'issued' | 'paid' | 'cancelled';

/** A party's requisites as the invoice states them (a snapshot: later edits do not change an issued invoice). */
export interface InvoiceParty {
  name: string;
  /** The school's legal name in Kazakh, printed on Kazakh documents (invoices issued before it existed derive it from `name`). */
  nameKk?: string | null;
  bin: string | null;
  iban?: string | null;
  bank?: string | null;
  bic?: string | null;
  address: string | null;
  /** The beneficiary code (Кбе: 17 for a resident private company). */
  kbe?: string | null;
  /** Who signs for the party (the school's director; the company's signatory, for the acts). */
  signatory?: { name: string; position: string } | null;
  /** The school's chief accountant, when it has one (the invoice's second signature). */
  accountant?: string | null;
  /** The buyer's contract with the school (else the documents name the public offer). */
  contract?: { number: string; date: string } | null;
  /** The school's requisites were the development placeholders when the invoice was issued. */
  placeholder?: boolean;
}

/**
 * An invoice for a pool of lessons: its number (`TLM-<year>-<id>`), the lessons at the company
 * price per lesson, the VAT line (16 % included when the school is a VAT payer, else none with the
 * reason), both parties' requisites as issued, and its life: issued → paid (finance, once, with the
 * payment order) or cancelled (finance, unpaid only). A closed group's invoice (`group_id`) is for
 * `seats` seats × `group_lessons` lessons at the group's price (`lessons` = seats × group_lessons):
 * its money is the company's for its groups' seats, apart from the pool (docs/payments.md "Group seats").
 */
export const companyInvoices = pgTable(
  'company_invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: integer('created_by').references(() => companyUsers.id, { onDelete: 'set null' }),
    /** The HR person's language when ordering: the PDF's default language. */
    locale: text('locale').notNull().default('ru'),
    lessons: integer('lessons').notNull(),
    perLessonTiyn: bigint('per_lesson_tiyn', { mode: 'number' }).notNull(),
    amountTiyn: bigint('amount_tiyn', { mode: 'number' }).notNull(),
    vatPayer: boolean('vat_payer').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    /** The VAT included in the amount (0 without VAT). */
    vatTiyn: bigint('vat_tiyn', { mode: 'number' }).notNull(),
    school: jsonb('school').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('issued'),
    createdAt: createdAt(),
    /** The bank's date of the transfer and its payment order number, as finance enters them. */
    paidOn: text('paid_on'),
    paymentOrder: text('payment_order'),
    paidBy: integer('paid_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** A closed corporate group's invoice: the group, the seats and the lessons of each seat it was issued for. */
    groupId: integer('group_id').references(() => groups.id),
    seats: integer('seats'),
    groupLessons: integer('group_lessons'),
  },
  (t) => [
    uniqueIndex('company_invoices_number_uq').on(t.number),
    index('company_invoices_company_idx').on(t.companyId, t.createdAt),
    index('company_invoices_status_idx').on(t.status, t.createdAt),
    check('company_invoices_amounts', sql`${t.lessons} > 0 and ${t.perLessonTiyn} > 0 and ${t.amountTiyn} = ${t.perLessonTiyn} * ${t.lessons} and ${t.vatTiyn} >= 0 and ${t.vatTiyn} < ${t.amountTiyn}`),
    check('company_invoices_status', sql`${t.status} in ('issued', 'paid', 'cancelled')`),
    check('company_invoices_paid', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('company_invoices_group', sql`(${t.groupId} is null and ${t.seats} is null and ${t.groupLessons} is null) or (${t.groupId} is not null and ${t.seats} > 0 and ${t.groupLessons} > 0 and ${t.lessons} = ${t.seats} * ${t.groupLessons})`),
  ],
);
