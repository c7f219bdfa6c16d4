// ── Payments (issue 24, docs/payments.md): orders paid on a provider's hosted page, the packages
// they buy, the provider's notifications as received, and the double-entry ledger. Money is bigint
// tiyn (1 ₸ = 100 tiyn), KZT only. A balance is a sum of ledger rows, never a stored total.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

export type PaymentStatus = 'pending' | 'paid' | 'declined' | 'expired' | 'refunded';
/** What an order buys: a package of lessons with a tutor, a seat in a group (lib/groups), or hours of tutor chat help (lib/chat-help). */
export type PaymentProduct = 'package' | 'group_seat' | 'chat_help';
/** An order's plan: a student plan of a package, or `group` for a group seat (finance's revenue groups by it). */
export type OrderPlan = 'basic' | 'advanced' | 'intensive' | 'group' | 'chat';
/** The card providers an order can be paid through (lib/payments/config.ts holds their adapters). */
export const PAYMENT_PROVIDERS = ['epay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** Why a provider's paid answer was not credited (shown to finance): another amount, no transaction id, a transaction other than the order's, a transaction another order holds. */
export const PAYMENT_ANOMALIES = ['amount', 'no_transaction', 'other_transaction', 'transaction_taken'] as const;
export type PaymentAnomaly = (typeof PAYMENT_ANOMALIES)[number];

// Columns the payment tables share, built once (a function each, so every table gets its own column objects).
/** A required reference to a user (the student or the tutor). */
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id);
/** The tariff plan an order, a package or a payout line is at. */
const planColumn = () => text('plan').$type<'basic' | 'advanced' | 'intensive'>().notNull();
/** Who buys from whom, and what: an order's and its package's head. */
const purchaseColumns = () => ({
  studentId: userRef('student_id'),
  tutorId: userRef('tutor_id'),
  subject: text('subject').notNull(),
  plan: planColumn(),
});
/**
 * The same for an order, whose plan may also be `group` (a group seat) or `chat` (hours of chat help,
 * which have no tutor: any tutor on duty answers; subject `chat_help`).
 */
const orderColumns = () => ({ ...purchaseColumns(), tutorId: integer('tutor_id').references(() => users.id), plan: text('plan').$type<OrderPlan>().notNull() });
/** A required reference to the order a row belongs to. */
const orderRef = () =>
  integer('order_id')
    .notNull()
    .references(() => paymentOrders.id);

/**
 * One checkout: what the student buys (tutor, subject, plan, the price as quoted) and its payment
 * at the provider. `invoice_id` is ours, given to the provider (ePay: 6-15 digits, unique); the
 * provider's own id of the transaction arrives with its notification or status answer.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    ...orderColumns(),
    /** `group_seat`: a seat in group `group_id` (lib/groups; plan `group`, the tutor and subject the group's). */
    product: text('product').$type<PaymentProduct>().notNull().default('package'),
    /** The group a seat order is for (groups.id; no foreign key: the groups' table file imports this one). */
    groupId: integer('group_id'),
    lessons: integer('lessons').notNull(),
    /** The tutor's price when the order was made, in tenge (the tutor's earning is computed from it); a group seat's: the group's price per lesson. */
    tutorPrice: integer('tutor_price').notNull(),
    perLessonTiyn: bigint('per_lesson_tiyn', { mode: 'number' }).notNull(),
    amountTiyn: bigint('amount_tiyn', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('KZT'),
    promoCode: text('promo_code'),
    promoPercent: integer('promo_percent').notNull().default(0),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** True when the provider is the local fake (no merchant credentials): the pages say "test payment". */
    test: boolean('test').notNull().default(false),
    invoiceId: text('invoice_id').notNull(),
    /** The keyed hash of the per-order secret the provider hands back with its notification. */
    secretHash: text('secret_hash').notNull(),
    /** The provider's id of the transaction (ePay: a UUID), for the status query and a refund. */
    providerPaymentId: text('provider_payment_id'),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** The provider's reason for a decline (its code and text), for the student's message. */
    failureReason: text('failure_reason'),
    /**
     * What the provider's answer said that could not be credited (another amount, no transaction id,
     * a transaction another order holds): shown to finance until a paid answer clears it.
     */
    anomaly: text('anomaly').$type<PaymentAnomaly>(),
    /** The browser's way back: the locale the checkout ran in. */
    locale: text('locale').notNull().default('ru'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The last status query of the pending-payments job. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_invoice_uq').on(t.provider, t.invoiceId),
    // Only chat help's hours are bought from no tutor.
    check('payment_orders_tutor_ck', sql`${t.tutorId} is not null or ${t.product} = 'chat_help'`),
    // One transaction pays one order: a refund is sent to the transaction of its own order only.
    uniqueIndex('payment_orders_provider_payment_uq').on(t.provider, t.providerPaymentId).where(sql`provider_payment_id is not null`),
    index('payment_orders_student_idx').on(t.studentId, t.createdAt),
    index('payment_orders_pending_idx').on(t.status, t.createdAt).where(sql`status = 'pending'`),
    check('payment_orders_amount_positive', sql`${t.amountTiyn} > 0 and ${t.perLessonTiyn} > 0 and ${t.lessons} > 0`),
    check('payment_orders_amount_total', sql`${t.amountTiyn} = ${t.perLessonTiyn} * ${t.lessons}`),
    check('payment_orders_status', sql`${t.status} in ('pending', 'paid', 'declined', 'expired', 'refunded')`),
    check('payment_orders_plan', sql`${t.plan} in ('basic', 'advanced', 'intensive', 'group', 'chat')`),
    check('payment_orders_product', sql`${t.product} in ('package', 'group_seat', 'chat_help') and (${t.product} = 'group_seat') = (${t.plan} = 'group') and (${t.product} = 'group_seat') = (${t.groupId} is not null) and (${t.product} = 'chat_help') = (${t.plan} = 'chat')`),
    index('payment_orders_group_idx').on(t.groupId).where(sql`group_id is not null`),
    check('payment_orders_currency', sql`${t.currency} = 'KZT'`),
    check('payment_orders_promo', sql`${t.promoPercent} between 0 and 100`),
  ],
);

/** A package of lessons bought by one paid order: lessons left = its balance ÷ the price per lesson. */
export const lessonPackages = pgTable(
  'lesson_packages',
  {
    id: serial('id').primaryKey(),
    orderId: orderRef(),
    ...purchaseColumns(),
    lessonsTotal: integer('lessons_total').notNull(),
    perLessonTiyn: bigint('per_lesson_tiyn', { mode: 'number' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** The expiry reminders (14 and 3 days before `valid_until`), claimed once each by the job. */
    remindedExpiry14At: timestamp('reminded_expiry_14_at', { withTimezone: true }),
    remindedExpiry3At: timestamp('reminded_expiry_3_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One package per order: a second credit of the same payment is refused by the database too.
    uniqueIndex('lesson_packages_order_uq').on(t.orderId),
    index('lesson_packages_student_idx').on(t.studentId, t.createdAt),
    check('lesson_packages_lessons_positive', sql`${t.lessonsTotal} > 0 and ${t.perLessonTiyn} > 0`),
  ],
);

/**
 * A provider's notification (or status answer) as received, stored before it is acted on. The
 * unique key (provider, payment, event) makes the same event count once, however often it comes.
 * The payload keeps no card data: the masked number is cut to its last four digits on the way in.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** Our invoice id (the payment's id at the provider's side of the protocol). */
    paymentId: text('payment_id').notNull(),
    /** The event: the notification's outcome (`ok`, `error`) or a status answer (`status:CHARGE`). */
    event: text('event').notNull(),
    /** postLink / failurePostLink, or the pending-payments job's status query. */
    source: text('source').$type<'notification' | 'status'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    orderId: integer('order_id').references(() => paymentOrders.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('provider_events_once_uq').on(t.provider, t.paymentId, t.event)],
);

/**
 * The ledger: every change of money is a transaction of rows whose amounts sum to zero (a deferred
 * constraint trigger of the migration refuses any other commit). Accounts: `provider_clearing`,
 * `student_balance:<userId>`, `school_revenue`, `tutor_payable:<userId>`, `refunds_due`. An
 * account's balance is the sum of its rows; a row's amount is what it adds to that balance.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txnId: uuid('txn_id').notNull(),
    account: text('account').notNull(),
    amountTiyn: bigint('amount_tiyn', { mode: 'number' }).notNull(),
    /** What moved the money: `payment`, `lesson_spent`, `lesson_returned`, `tutor_earning`, `refund`, `refund_paid`. */
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => paymentOrders.id),
    packageId: integer('package_id').references(() => lessonPackages.id),
    /** The lesson a spend or a return is for (lessons.id; no foreign key: the tables' files import one way). */
    lessonId: integer('lesson_id'),
    /** The payout register a plan adjustment or a payout belongs to (payout_registers.id). */
    payoutRegisterId: integer('payout_register_id'),
    /** The company invoice whose pool the money belongs to (company_invoices.id): a company's and its employees' rows. */
    companyInvoiceId: integer('company_invoice_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account, t.packageId),
    index('ledger_entries_txn_idx').on(t.txnId),
    index('ledger_entries_invoice_idx').on(t.companyInvoiceId, t.account),
    // The payout register reads a month's earnings by when they were booked (lib/payments/payouts.ts).
    index('ledger_entries_earning_time_idx').on(t.createdAt).where(sql`kind = 'tutor_earning'`),
    check('ledger_entries_amount_nonzero', sql`${t.amountTiyn} <> 0`),
    check('ledger_entries_account_name', sql`${t.account} ~ '^(provider_clearing|school_revenue|refunds_due|student_balance:[0-9]+|tutor_payable:[0-9]+|payouts_bank|bank_transfers|company_balance:[0-9]+|employee_balance:[0-9]+|company_groups:[0-9]+|group_seat:[0-9]+)$'`),
  ],
);

/**
 * `review`: a refund the rules do not decide (the package holds a lesson whose money is undecided),
 * waiting for finance; `rejected`: finance said no, with a reason, and the balance went back.
 */
export type RefundStatus = 'review' | 'requested' | 'done' | 'failed' | 'rejected';

/**
 * A refund of a package's unused lessons (public offer 5): the amount is fixed when it is asked
 * for (the ledger moves it from the student's balance to `refunds_due` at once), then sent to the
 * card through the provider (retried by the job until the bank takes it) and due within 10
 * business days. One open refund per package.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: orderRef(),
    /** A package's refund; or a group seat's (`group_seat_id`): exactly one of the two. */
    packageId: integer('package_id').references(() => lessonPackages.id),
    /** The group seat whose money goes back (group_seats.id; no foreign key: that table file imports this one). */
    groupSeatId: integer('group_seat_id'),
    studentId: userRef('student_id'),
    amountTiyn: bigint('amount_tiyn', { mode: 'number' }).notNull(),
    lessons: integer('lessons').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('requested'),
    /** The offer's promise: on the card within 10 business days of the request. */
    dueBy: timestamp('due_by', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Finance's decision on a refund in review: who (staff id), when, and a rejection's reason. */
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    uniqueIndex('payment_refunds_open_uq').on(t.packageId).where(sql`status in ('requested', 'review')`),
    index('payment_refunds_seat_idx').on(t.groupSeatId).where(sql`group_seat_id is not null`),
    // A package's, a group seat's, or neither (chat help's time: its order alone).
    check('payment_refunds_what', sql`${t.packageId} is null or ${t.groupSeatId} is null`),
    index('payment_refunds_status_idx').on(t.status, t.createdAt),
    check('payment_refunds_amount_positive', sql`${t.amountTiyn} > 0 and ${t.lessons} >= 0`),
    check('payment_refunds_status', sql`${t.status} in ('review', 'requested', 'done', 'failed', 'rejected')`),
  ],
);


export type ReceiptKind = 'sale' | 'sale_return';
export type ReceiptStatus = 'pending' | 'issued';

/**
 * A fiscal receipt of a payment (`sale`) or a refund (`sale_return`) from the online cash register
 * (docs/payments.md, "Fiscal receipts"). Stored first, in the money's own transaction, then issued
 * at the register by the job (retried while the register is down); `external_number` is what the
 * register keeps it unique by, so a retry never prints a second receipt. Once issued, the link goes
 * to the buyer through the outbox, in the transaction that marks it issued.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ReceiptKind>().notNull(),
    orderId: orderRef(),
    refundId: integer('refund_id').references(() => paymentRefunds.id),
    studentId: userRef('student_id'),
    amountTiyn: bigint('amount_tiyn', { mode: 'number' }).notNull(),
    /** `tilmen-sale-<order>` or `tilmen-return-<refund>`: the register's key for "the same receipt". */
    externalNumber: text('external_number').notNull(),
    status: text('status').$type<ReceiptStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The register's fiscal number of the receipt and the page where the buyer sees it. */
    checkNumber: text('check_number'),
    ticketUrl: text('ticket_url'),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fiscal_receipts_external_uq').on(t.externalNumber),
    index('fiscal_receipts_pending_idx').on(t.status, t.nextAttemptAt),
    index('fiscal_receipts_order_idx').on(t.orderId),
    check('fiscal_receipts_kind', sql`${t.kind} in ('sale', 'sale_return')`),
    check('fiscal_receipts_status', sql`${t.status} in ('pending', 'issued')`),
    check('fiscal_receipts_amount_positive', sql`${t.amountTiyn} > 0`),
  ],
);

export type PayoutStatus = 'approved' | 'paid';

/**
 * A month's payout register (docs/payments.md, "Payouts"): until finance approves it, it is computed
 * from the ledger; approving freezes its lines here (one register per month), the bank file is
 * exported from them, and marking it paid posts the plan adjustments and the payouts to the ledger
 * once (the register's row is locked and its status moves approved → paid in that transaction).
 */
export const payoutRegisters = pgTable(
  'payout_registers',
  {
    id: serial('id').primaryKey(),
    /** The school month (YYYY-MM, Almaty) whose taught lessons it pays. */
    month: text('month').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('approved'),
    tutors: integer('tutors').notNull(),
    lessons: integer('lessons').notNull(),
    totalTiyn: bigint('total_tiyn', { mode: 'number' }).notNull(),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    paidBy: integer('paid_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_registers_month_uq').on(t.month),
    check('payout_registers_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('payout_registers_status', sql`${t.status} in ('approved', 'paid')`),
  ],
);

/** One tutor's line of a register: the month's taught lessons, the plan their load earns, the fee and the earning. */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: serial('id').primaryKey(),
    registerId: integer('register_id')
      .notNull()
      .references(() => payoutRegisters.id),
    tutorId: userRef('tutor_id'),
    lessons: integer('lessons').notNull(),
    plan: planColumn(),
    feePercent: integer('fee_percent').notNull(),
    /** The sum of the tutor's prices of those lessons (at each purchase), in tiyn. */
    priceSumTiyn: bigint('price_sum_tiyn', { mode: 'number' }).notNull(),
    /** What the ledger already moved to the tutor for them (each lesson at Basic). */
    bookedTiyn: bigint('booked_tiyn', { mode: 'number' }).notNull(),
    /** What the tutor is paid: the price sum less the plan's fee, and their chat help's earning. */
    earningTiyn: bigint('earning_tiyn', { mode: 'number' }).notNull(),
    /** Of that, earned answering in chat help (booked in the ledger at each reply; no plan's fee). */
    chatTiyn: bigint('chat_tiyn', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('payout_lines_register_tutor_uq').on(t.registerId, t.tutorId),
    index('payout_lines_tutor_idx').on(t.tutorId),
    check('payout_lines_amounts', sql`${t.lessons} >= 0 and ${t.chatTiyn} >= 0 and (${t.lessons} > 0 or ${t.chatTiyn} > 0) and ${t.earningTiyn} >= ${t.chatTiyn} and ${t.bookedTiyn} >= 0 and ${t.priceSumTiyn} >= ${t.earningTiyn} - ${t.chatTiyn}`),
    check('payout_lines_plan', sql`${t.plan} in ('basic', 'advanced', 'intensive')`),
  ],
);

/**
 * Where the school pays a tutor (docs/payments.md, "Payouts"): a Kazakh bank account (IBAN) and the
 * recipient's IIN, as the bank's payroll upload asks. Both sealed (AES-GCM, lib/crypto/secret-box)
 * and shown masked (their last four characters) everywhere but the payout register's bank file.
 */
export const tutorPayoutDetails = pgTable('tutor_payout_details', {
  tutorId: integer('tutor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ibanSealed: text('iban_sealed').notNull(),
  ibanLast4: text('iban_last4').notNull(),
  iinSealed: text('iin_sealed').notNull(),
  iinLast4: text('iin_last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
