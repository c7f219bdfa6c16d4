import { eq } from 'drizzle-orm';
import { outbox } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { codeInBody } from '@/lib/outbox/sms-code';
import { issueCode, type SmsPurpose } from '@/lib/sms/codes';

const OPERATORS = ['700', '701', '702', '705', '707', '708', '747', '771', '775', '776', '777', '778'];

/**
 * Phone number `i` (0 ≤ i < 12 000): no two share a number prefix (all digits but the last four),
 * so the SMS limits per prefix never join them.
 */
export const distinctPhone = (i: number) => `+7${OPERATORS[Math.floor(i / 1000) % OPERATORS.length]}${String(i % 1000).padStart(3, '0')}4567`;

/**
 * A code sent to `phone` for `purpose` as the send route would (its own address, a budget no test
 * reaches), read from the outbox as the person reads the SMS.
 */
export async function smsCodeSent(db: Db, phone: string, purpose: SmsPurpose, opts: { ipHash?: string; now?: Date } = {}): Promise<string> {
  const r = await issueCode(db, { phone, purpose, ipHash: opts.ipHash ?? `sms-${phone}`, dailyBudget: 1_000_000, now: opts.now });
  if (!r.ok) throw new Error(`no code sent to ${phone}: ${r.reason}`);
  const [row] = await db.select({ body: outbox.body }).from(outbox).where(eq(outbox.id, r.outboxId!));
  const code = codeInBody(row!.body);
  if (!code) throw new Error(`no code in the SMS to ${phone}`);
  return code;
}

/** What a public Kazakh test sitting adds to its start: phone `i`, confirmed by the code it received. */
export async function confirmedTestPhone(db: Db, i: number): Promise<{ phone: string; smsCode: string }> {
  const phone = distinctPhone(i);
  return { phone, smsCode: await smsCodeSent(db, phone, 'kazakh_test') };
}

let confirmed = 0;
/**
 * A Kazakh test start's body as the entry form sends it for a public sitting: with a phone of its own
 * (a new one each call), confirmed by the code it received. A roster sitting ignores the phone.
 */
export async function withConfirmedPhone<T extends object>(db: Db, body: T): Promise<T & { phone: string; smsCode: string }> {
  return { ...body, ...(await confirmedTestPhone(db, 6000 + confirmed++)) };
}
