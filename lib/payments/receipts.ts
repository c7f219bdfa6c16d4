import 'server-only';
// Fiscal receipts (docs/payments.md, "Fiscal receipts"): one for every payment credited and every
// refund the bank took. Stored first, in the money's own transaction (`recordReceipt`); issued at
// the online cash register by the job (`issuePendingReceipts`), retried with a growing pause while
// the register is down; the register keeps it unique by our external number, and the row's
// conditional UPDATE lets one issuer send the buyer the link (SMS and e-mail through the outbox).
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { fiscalReceipts, paymentOrders, users, type ReceiptKind } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { checkKzMobile } from '@/lib/phone';
import { enqueueNotifySms } from '@/lib/sms/notify-budget';
import { formatTenge } from '@/lib/tariffs';
import { cashRegister } from './config';
import { RegisterError } from './register';

export type Receipt = typeof fiscalReceipts.$inferSelect;

/** Pauses between tries while the register does not issue: 1, 2, 4 … minutes, at most an hour. */
export const receiptBackoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

/** Stores the receipt of a payment (`sale`) or a refund (`sale_return`) in the caller's transaction; once per payment or refund. */
export async function recordReceipt(tx: Db, kind: ReceiptKind, ref: { orderId: number; studentId: number; amountTiyn: number; refundId?: number }, now = new Date()): Promise<void> {
  const externalNumber = kind === 'sale' ? `tilmen-sale-${ref.orderId}` : `tilmen-return-${ref.refundId}`;
  await tx
    .insert(fiscalReceipts)
    .values({ kind, orderId: ref.orderId, refundId: ref.refundId ?? null, studentId: ref.studentId, amountTiyn: ref.amountTiyn, externalNumber, nextAttemptAt: now })
    .onConflictDoNothing({ target: fiscalReceipts.externalNumber });
}

/** Issues one stored receipt at the register; on success the buyer gets its link, once. Returns the receipt as it now stands. */
export async function issueReceipt(db: Db, receipt: Receipt, now = new Date()): Promise<Receipt | null> {
  if (receipt.status !== 'pending') return receipt;
  const register = cashRegister();
  if (!register) return null;
  const [row] = await db
    .select({ email: users.email, phone: users.phone, locale: users.locale, name: users.name, lessons: paymentOrders.lessons, plan: paymentOrders.plan })
    .from(fiscalReceipts)
    .innerJoin(users, eq(users.id, fiscalReceipts.studentId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, fiscalReceipts.orderId))
    .where(eq(fiscalReceipts.id, receipt.id))
    .limit(1);
  if (!row) return null;
  // A fiscal receipt is in Kazakh or Russian; English readers get the Russian one.
  const t = translatorFor(row.locale === 'kk' ? 'kk' : 'ru', 'Cabinet');
  const phone = checkKzMobile(row.phone);
  let issued;
  try {
    issued = await register.issue({
      externalNumber: receipt.externalNumber,
      kind: receipt.kind,
      amountTiyn: receipt.amountTiyn,
      item: t('money.receipt_item', { lessons: row.lessons }),
      customerEmail: row.email ?? null,
      customerPhone: phone.ok ? phone.e164 : null,
    });
  } catch (err) {
    if (!(err instanceof RegisterError)) throw err;
    const [failed] = await db
      .update(fiscalReceipts)
      .set({ attempts: sql`${fiscalReceipts.attempts} + 1`, lastError: err.message.slice(0, 300), nextAttemptAt: new Date(now.getTime() + receiptBackoffMs(receipt.attempts + 1)) })
      .where(and(eq(fiscalReceipts.id, receipt.id), eq(fiscalReceipts.status, 'pending')))
      .returning();
    console.warn(`[receipts] ${receipt.externalNumber} not issued yet (try ${receipt.attempts + 1}): ${err.message}`);
    return failed ?? null;
  }
  return transaction(db, async (tx) => {
    const [done] = await tx
      .update(fiscalReceipts)
      .set({ status: 'issued', issuedAt: now, checkNumber: issued.checkNumber, ticketUrl: issued.ticketUrl, attempts: sql`${fiscalReceipts.attempts} + 1`, lastError: null })
      .where(and(eq(fiscalReceipts.id, receipt.id), eq(fiscalReceipts.status, 'pending')))
      .returning();
    if (!done) return null;
    const m = translatorFor(row.locale, 'Cabinet');
    const values = { name: row.name, amount: formatTenge(Math.round(done.amountTiyn / 100), row.locale), url: issued.ticketUrl, number: issued.checkNumber };
    const which = done.kind === 'sale' ? 'receipt' : 'receipt_return';
    if (phone.ok) await enqueueNotifySms(tx, { recipient: phone.e164, body: m(`money.${which}_sms`, values) }, now);
    if (row.email) await enqueue(tx, { channel: 'email', recipient: row.email, subject: m(`money.${which}_subject`, values), body: m(`money.${which}_body`, values), ics: null });
    return done;
  });
}

/** The job's pass: receipts due a try, oldest first, 20 a pass. Returns how many were issued. */
export async function issuePendingReceipts(db: Db, now = new Date()): Promise<number> {
  if (!cashRegister()) return 0;
  const due = await db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.status, 'pending'), lte(fiscalReceipts.nextAttemptAt, now)))
    .orderBy(asc(fiscalReceipts.nextAttemptAt))
    .limit(20);
  let issued = 0;
  for (const r of due) if ((await issueReceipt(db, r, now))?.status === 'issued') issued++;
  return issued;
}

export interface ReceiptView {
  kind: ReceiptKind;
  amountTiyn: number;
  url: string | null;
}

/** The receipts of these orders (the cabinet's payments list): issued ones with their link, pending ones without. */
export async function receiptsOfOrders(db: Db, orderIds: number[]): Promise<Map<number, ReceiptView[]>> {
  const out = new Map<number, ReceiptView[]>();
  if (!orderIds.length) return out;
  const rows = await db.select().from(fiscalReceipts).where(inArray(fiscalReceipts.orderId, orderIds)).orderBy(asc(fiscalReceipts.id));
  for (const r of rows) out.set(r.orderId, [...(out.get(r.orderId) ?? []), { kind: r.kind, amountTiyn: r.amountTiyn, url: r.status === 'issued' ? r.ticketUrl : null }]);
  return out;
}
