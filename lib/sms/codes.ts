import 'server-only';
// SMS one-time codes: issue (limits + code + outbox message in one transaction) and verify.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Locale } from '@/i18n/routing';
import { securityEvents, smsCodes, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { appSecret, env } from '@/lib/env';
import { enqueue } from '@/lib/outbox';
import { SMS_CODE_TTL_S } from '@/lib/outbox/sms-code';
import { checkKzMobile } from '@/lib/phone';
import { counted, hit, peek, type LimitResult } from '@/lib/rate-limit';
import { smsCodeText } from './text';
import { SMS_PURPOSES, type SmsPurpose } from './validation';

export { SMS_PURPOSES, type SmsPurpose };

/** Every limit in one place (security.md items 7, 8, 10). Times in seconds. */
export const SMS_RULES = {
  codeTtl: SMS_CODE_TTL_S,
  maxWrongAttempts: 5,
  /** Between two sends to one phone (any purpose); SMS_RESEND_GAP_SECONDS sets another (lib/env.ts). */
  resendGap: 60,
  /** At most `perPhone.max` sends to one phone in any `perPhone.windowSeconds`. */
  perPhone: { max: 5, windowSeconds: 600 },
  /** After `perPhone.max` sends in 24 h, each further send waits this long after the previous one. */
  backoff: [600, 1800, 3600],
  perIpPerHour: 10,
  /**
   * Per network: IPv4 /24, IPv6 /64 (`rangeHash`), so hopping addresses inside one does not reset
   * the count. Three times the per-IP cap: an office or a carrier NAT puts several people there.
   */
  perRangePerHour: 30,
  /** Per number prefix: all digits but the last four ("7701123" for +7 701 123 45 67). */
  perPrefixPerHour: 20,
} as const;

const HOUR = 3600;
const DAY = 86_400;

/**
 * The daily budgets (per UTC day): `main` for registration and lesson codes (and, without the account
 * check, every code), `reset` for password resets of accounts that exist (SMS_RESET_DAILY_BUDGET),
 * so whoever spends the main budget cannot stop people from getting back into their accounts.
 */
export const SMS_BUDGET_KEYS = { main: 'sms:budget:day', reset: 'sms:budget:reset:day' } as const;
export type SmsBudget = keyof typeof SMS_BUDGET_KEYS;

/** The budget a send of this purpose draws on when accounts are checked (issueCode `checkAccount`). */
export function budgetOf(purpose: SmsPurpose): SmsBudget {
  return purpose === 'reset' ? 'reset' : 'main';
}

/** Codes sent today (UTC) against a budget. */
export async function budgetSpent(db: Db, budget: SmsBudget, now = new Date()): Promise<number> {
  return counted(db, { key: SMS_BUDGET_KEYS[budget], windowSeconds: DAY }, now);
}

export type IssueRefusal =
  | { ok: false; reason: 'invalid_phone' | 'not_kz_mobile' }
  | { ok: false; reason: 'too_soon' | 'ip_limit' | 'range_limit' | 'prefix_limit' | 'daily_budget'; retryAfter: number };

export type IssueResult =
  | { ok: true; phone: string; outboxId: number; resendAfter: number; expiresIn: number }
  | IssueRefusal;

/**
 * With `checkAccount`: a reset asked for a phone without an account sends nothing (`outboxId: null`)
 * but is otherwise handled, counted and answered exactly like a real one.
 */
export type CheckedIssueResult =
  | IssueResult
  | { ok: true; phone: string; outboxId: null; suppressed: true; resendAfter: number; expiresIn: number };

export interface IssueInput {
  phone: string;
  purpose: SmsPurpose;
  ipHash: string | null;
  /** Keyed hash of the caller's /24 or /64 (requestContext): the per-range cap applies when given. */
  rangeHash?: string | null;
  locale?: Locale;
  now?: Date;
  /** SMS_DAILY_BUDGET. */
  dailyBudget?: number;
  /** SMS_RESET_DAILY_BUDGET (only with `checkAccount`). */
  resetBudget?: number;
  /**
   * For purpose `reset`: look the phone up. An account → the code counts against the reset budget,
   * not the main one; no account → no SMS at all, answered as if sent. Without it every code counts
   * against the main budget and is sent.
   */
  checkAccount?: boolean;
}

export type VerifyResult =
  | { status: 'ok' }
  | { status: 'wrong'; attemptsLeft: number }
  | { status: 'expired' }
  | { status: 'dead' }
  | { status: 'none' };

/** Keyed hash of phone + purpose + code: a stolen table reveals no code without APP_SECRET. */
function codeHash(phone: string, purpose: SmsPurpose, code: string): Buffer {
  return createHmac('sha256', appSecret()).update(`sms-code\u0000${phone}\u0000${purpose}\u0000${code}`).digest();
}

/** "+77011234567" → "7701123": the number prefix (all but the last four digits). */
export function numberPrefix(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return digits.slice(0, -4);
}

/**
 * Seconds until the next send to a phone is allowed, from the times of its sends in the last 24 h
 * (newest first): the 60 s gap, at most 5 in 10 minutes, then a rising back-off (10 min, 30 min, 1 h).
 */
export function phoneWait(sends: Date[], now: Date, resendGap = env().SMS_RESEND_GAP_SECONDS): number {
  const last = sends[0];
  if (!last) return 0;
  const t = now.getTime();
  let until = last.getTime() + resendGap * 1000;
  const windowMs = SMS_RULES.perPhone.windowSeconds * 1000;
  const inWindow = sends.filter((s) => s.getTime() > t - windowMs);
  const fifth = inWindow[SMS_RULES.perPhone.max - 1];
  if (fifth) until = Math.max(until, fifth.getTime() + windowMs);
  const beyond = sends.length - SMS_RULES.perPhone.max;
  if (beyond >= 0) {
    const pause = SMS_RULES.backoff[Math.min(beyond, SMS_RULES.backoff.length - 1)]!;
    until = Math.max(until, last.getTime() + pause * 1000);
  }
  return Math.max(0, Math.ceil((until - t) / 1000));
}

const budgetWarnedAt: Record<SmsBudget, number> = { main: 0, reset: 0 };
/** Said in the log at most every 10 minutes per budget, however many sends are refused. */
function warnBudgetSpent(which: SmsBudget, budget: number) {
  if (Date.now() - budgetWarnedAt[which] < 600_000) return;
  budgetWarnedAt[which] = Date.now();
  const name = which === 'reset' ? 'SMS_RESET_DAILY_BUDGET' : 'SMS_DAILY_BUDGET';
  console.warn(`[sms] the daily SMS budget (${name}=${budget}) is spent: these sends are refused until the next UTC day.`);
}

class Refused extends Error {
  constructor(public result: IssueRefusal) {
    super(result.reason);
  }
}

function isPurpose(value: unknown): value is SmsPurpose {
  return typeof value === 'string' && (SMS_PURPOSES as readonly string[]).includes(value);
}

/**
 * Issues a code for a phone and purpose: checks the limits, supersedes the previous code, stores the
 * new one as a keyed hash and queues the SMS, all in one transaction (a refusal rolls back every
 * counter, so only real sends count). Only Kazakh mobile numbers get this far; anything else is
 * refused before the database is touched. The caller then kicks the outbox.
 *
 * With `checkAccount` (the send route), a reset for a phone without an account does the same work
 * and counts against the same per-phone, per-IP, per-range and per-prefix limits, and stores a code
 * row that no typed code can match (so verifying answers `wrong`, as for a real account), but queues
 * no SMS and spends no budget: whoever asks learns nothing, and nobody can spend the reset budget
 * with made-up numbers.
 */
export async function issueCode(db: Db, input: IssueInput & { checkAccount: true }): Promise<CheckedIssueResult>;
export async function issueCode(db: Db, input: IssueInput & { checkAccount?: false }): Promise<IssueResult>;
export async function issueCode(db: Db, input: IssueInput): Promise<CheckedIssueResult> {
  if (!isPurpose(input.purpose)) throw new TypeError(`unknown SMS code purpose: ${String(input.purpose)}`);
  const checked = checkKzMobile(input.phone);
  if (!checked.ok) return { ok: false, reason: checked.reason === 'invalid' ? 'invalid_phone' : 'not_kz_mobile' };
  const phone = checked.e164;
  const purpose = input.purpose;
  const now = input.now ?? new Date();
  const budgets: Record<SmsBudget, number> = {
    main: input.dailyBudget ?? env().SMS_DAILY_BUDGET,
    reset: input.resetBudget ?? env().SMS_RESET_DAILY_BUDGET,
  };
  const ipKey = input.ipHash ?? 'none';
  const checksAccount = input.checkAccount === true && purpose === 'reset';

  try {
    return await transaction(db, async (tx) => {
      // One send at a time per phone, across every instance (the limits below read its history).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`);
      const history = await tx
        .select({ at: smsCodes.createdAt })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now.getTime() - DAY * 1000))))
        .orderBy(desc(smsCodes.createdAt))
        .limit(50);
      const sends = history.map((h) => h.at);
      const wait = phoneWait(sends, now);
      if (wait > 0) throw new Refused({ ok: false, reason: 'too_soon', retryAfter: wait });

      // Both branches make this lookup, so an unknown phone takes as long as a known one.
      const account = checksAccount
        ? (await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1))[0]
        : undefined;
      const suppressed = checksAccount && !account;
      const which: SmsBudget = checksAccount ? 'reset' : 'main';
      const budgetLimit = { key: SMS_BUDGET_KEYS[which], max: budgets[which], windowSeconds: DAY };

      const ip = await hit(tx, { key: `sms:ip:${ipKey}`, max: SMS_RULES.perIpPerHour, windowSeconds: HOUR }, now);
      const range =
        input.rangeHash !== undefined
          ? await hit(tx, { key: `sms:range:${input.rangeHash ?? 'none'}`, max: SMS_RULES.perRangePerHour, windowSeconds: HOUR }, now)
          : { allowed: true, retryAfter: 0 };
      const prefix = await hit(tx, { key: `sms:prefix:${numberPrefix(phone)}`, max: SMS_RULES.perPrefixPerHour, windowSeconds: HOUR }, now);
      // Nothing is sent for an unknown phone, so it spends nothing, but is refused when a real one would be.
      const day = suppressed ? await peek(tx, budgetLimit, now) : await hit(tx, budgetLimit, now);
      const blocked: [IssueRefusal['reason'], LimitResult][] = [
        ['daily_budget', day],
        ['prefix_limit', prefix],
        ['range_limit', range],
        ['ip_limit', ip],
      ];
      const refusals = blocked.filter(([, r]) => !r.allowed);
      if (refusals.length > 0) {
        const retryAfter = Math.max(...refusals.map(([, r]) => r.retryAfter));
        const reason = refusals[0]![0] as 'daily_budget' | 'prefix_limit' | 'range_limit' | 'ip_limit';
        if (reason === 'daily_budget') warnBudgetSpent(which, budgets[which]);
        throw new Refused({ ok: false, reason, retryAfter });
      }

      await tx
        .update(smsCodes)
        .set({ supersededAt: now })
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), isNull(smsCodes.supersededAt)));
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // No account: a row like any other (same history, same `wrong` on entry), but the hash is of
      // random bytes, never of six digits, so no typed code matches it; and no SMS is queued.
      const hashed = suppressed ? codeHash(phone, purpose, randomBytes(16).toString('base64url')) : codeHash(phone, purpose, code);
      await tx.insert(smsCodes).values({
        phone,
        purpose,
        codeHash: hashed.toString('base64url'),
        expiresAt: new Date(now.getTime() + SMS_RULES.codeTtl * 1000),
        createdAt: now,
      });
      const resendAfter = phoneWait([now, ...sends], now);
      if (suppressed) {
        await tx.insert(securityEvents).values({ type: 'sms_suppressed', ipHash: input.ipHash, detail: { purpose, reason: 'no_account' }, createdAt: now });
        return { ok: true as const, phone, outboxId: null, suppressed: true as const, resendAfter, expiresIn: SMS_RULES.codeTtl };
      }
      const outboxId = await enqueue(tx, { channel: 'sms', recipient: phone, subject: null, body: smsCodeText(input.locale ?? 'ru', code) });
      await tx.insert(securityEvents).values({ type: 'sms_sent', ipHash: input.ipHash, detail: { purpose, budget: which }, createdAt: now });
      return { ok: true as const, phone, outboxId, resendAfter, expiresIn: SMS_RULES.codeTtl };
    });
  } catch (err) {
    if (err instanceof Refused) return err.result;
    throw err;
  }
}

/**
 * Checks a typed-in code against the live code of that phone and purpose. A wrong entry uses up one
 * of five attempts; the right one is accepted once. The row is locked while checked, so two
 * parallel entries of the right code succeed once.
 */
export async function verifyCode(
  db: Db,
  input: { phone: string; purpose: SmsPurpose; code: string; ipHash?: string | null; now?: Date },
): Promise<VerifyResult> {
  const checked = checkKzMobile(input.phone);
  if (!checked.ok || !isPurpose(input.purpose)) return { status: 'none' };
  const phone = checked.e164;
  const purpose = input.purpose;
  const now = input.now ?? new Date();
  const typed = typeof input.code === 'string' ? input.code.trim().slice(0, 64) : '';
  // Hashed before the lookup, so the work is the same whether or not a code exists.
  const candidate = codeHash(phone, purpose, typed);

  return transaction(db, async (tx) => {
    const [live] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), isNull(smsCodes.supersededAt)))
      .orderBy(desc(smsCodes.id))
      .limit(1)
      .for('update');
    if (!live) return { status: 'none' } as const;
    if (live.expiresAt.getTime() <= now.getTime()) return { status: 'expired' } as const;
    if (live.attempts >= SMS_RULES.maxWrongAttempts) return { status: 'dead' } as const;
    const stored = Buffer.from(live.codeHash, 'base64url');
    const matches = /^\d{6}$/.test(typed) && stored.length === candidate.length && timingSafeEqual(stored, candidate);
    if (matches) {
      await tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, live.id));
      await tx.insert(securityEvents).values({ type: 'sms_verified', ipHash: input.ipHash ?? null, detail: { purpose }, createdAt: now });
      return { status: 'ok' } as const;
    }
    const attempts = live.attempts + 1;
    await tx.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, live.id));
    return { status: 'wrong', attemptsLeft: Math.max(0, SMS_RULES.maxWrongAttempts - attempts) } as const;
  });
}

/** Codes sent and verified since a moment (security_events), and their ratio: a pumping signal. */
export async function smsConversion(
  db: Db,
  since: Date,
  until?: Date,
): Promise<{ sent: number; verified: number; rate: number | null }> {
  const rows = await db
    .select({ type: securityEvents.type, n: count() })
    .from(securityEvents)
    .where(
      and(
        sql`${securityEvents.type} in ('sms_sent', 'sms_verified')`,
        gte(securityEvents.createdAt, since),
        until ? lt(securityEvents.createdAt, until) : undefined,
      ),
    )
    .groupBy(securityEvents.type);
  const sent = Number(rows.find((r) => r.type === 'sms_sent')?.n ?? 0);
  const verified = Number(rows.find((r) => r.type === 'sms_verified')?.n ?? 0);
  return { sent, verified, rate: sent > 0 ? verified / sent : null };
}
