import 'server-only';
// SMS delivery for the outbox: the log driver (development), Mobizon and SMSC.kz (HTTP gateways);
// the mail transport is ./mail.ts. The codes themselves are issued by lib/sms/codes.ts.
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { errorForLog } from '@/lib/api/error-log';
import { outbox } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { ServerEnv } from '@/lib/env';
import { maskPhone } from '@/lib/mask';
import { checkKzMobile } from '@/lib/phone';
import { MAX_ATTEMPTS, type OutboxMessage, type Sender } from './index';
import { CODE_PATTERN_SQL, codeInBody, REDACTED_CODE, SMS_CODE_TTL_S } from './sms-code';

export const SMS_DRIVERS = ['log', 'mobizon', 'smsc'] as const;
export const DEFAULT_SMS_API_URL = { mobizon: 'https://api.mobizon.kz', smsc: 'https://smsc.kz' } as const;
export const GATEWAY_TIMEOUT_MS = 10_000;

export type SmsDriverConfig =
  | {
      driver: 'log';
      /** Production: the log shows the recipient only, never the text. */
      production: boolean;
      /**
       * Keep the code in the outbox row after "sending", so GET /api/dev/outbox can show it
       * (development and e2e). Off in production unless ENABLE_DEV_TOOLS is on.
       */
      keepCodes: boolean;
    }
  | { driver: 'mobizon'; baseUrl: string; apiKey: string; sender?: string; timeoutMs?: number }
  | { driver: 'smsc'; baseUrl: string; login: string; password: string; sender?: string; timeoutMs?: number };

/** Sends one text to one number (E.164) or throws; never puts a secret into the error message. */
export type SmsGateway = (to: string, text: string) => Promise<void>;

export function smsDriverConfig(e: ServerEnv): SmsDriverConfig {
  const production = e.NODE_ENV === 'production';
  switch (e.SMS_DRIVER) {
    case 'mobizon':
      return { driver: 'mobizon', baseUrl: e.SMS_API_URL ?? DEFAULT_SMS_API_URL.mobizon, apiKey: e.SMS_API_KEY ?? '', sender: e.SMS_SENDER };
    case 'smsc':
      return {
        driver: 'smsc',
        baseUrl: e.SMS_API_URL ?? DEFAULT_SMS_API_URL.smsc,
        login: e.SMS_LOGIN ?? '',
        password: e.SMS_PASSWORD ?? '',
        sender: e.SMS_SENDER,
      };
    default:
      return { driver: 'log', production, keepCodes: !production || e.ENABLE_DEV_TOOLS };
  }
}

function endpoint(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}

async function post(name: string, url: string, form: URLSearchParams, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new Error(timedOut ? `${name}: no answer within ${timeoutMs} ms` : `${name}: gateway unreachable`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new Error(`${name}: HTTP ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new Error(`${name}: the answer is not JSON`);
  }
}

const clip = (v: unknown) => String(v).replace(/[\r\n]+/g, ' ').slice(0, 200);

/** The gateway call of one driver, without the outbox bookkeeping. */
export function createSmsGateway(cfg: SmsDriverConfig): SmsGateway {
  if (cfg.driver === 'mobizon') {
    // POST /service/message/sendsmsmessage; answer {code, data, message}, code 0 = accepted.
    const query = new URLSearchParams({ output: 'json', api: 'v1', apiKey: cfg.apiKey });
    const url = `${endpoint(cfg.baseUrl, '/service/message/sendsmsmessage')}?${query}`;
    return async (to, text) => {
      const form = new URLSearchParams({ recipient: to.replace(/\D/g, ''), text });
      if (cfg.sender) form.set('from', cfg.sender);
      const data = (await post('mobizon', url, form, cfg.timeoutMs ?? GATEWAY_TIMEOUT_MS)) as { code?: unknown; message?: unknown } | null;
      if (data === null || typeof data !== 'object' || String(data.code) !== '0') {
        const detail = data && typeof data === 'object' && data.message ? `: ${clip(data.message)}` : '';
        throw new Error(`mobizon: code ${clip(data && typeof data === 'object' ? data.code : 'missing')}${detail}`);
      }
    };
  }
  if (cfg.driver === 'smsc') {
    // POST /sys/send.php with fmt=3: {id, cnt} = accepted; {error, error_code} = refused.
    const url = endpoint(cfg.baseUrl, '/sys/send.php');
    return async (to, text) => {
      const form = new URLSearchParams({
        login: cfg.login,
        psw: cfg.password,
        phones: to.replace(/\D/g, ''),
        mes: text,
        fmt: '3',
        charset: 'utf-8',
      });
      if (cfg.sender) form.set('sender', cfg.sender);
      const data = (await post('smsc', url, form, cfg.timeoutMs ?? GATEWAY_TIMEOUT_MS)) as {
        id?: unknown;
        error?: unknown;
        error_code?: unknown;
      } | null;
      if (data === null || typeof data !== 'object') throw new Error('smsc: unexpected answer');
      if (data.error !== undefined || data.error_code !== undefined) {
        throw new Error(`smsc: error_code ${clip(data.error_code ?? '?')}: ${clip(data.error ?? '')}`);
      }
      if (data.id === undefined || data.id === null) throw new Error('smsc: no message id in the answer');
    };
  }
  const { production } = cfg;
  return async (to, text) => {
    // Codes are never written to a production log.
    // In production the log keeps no whole phone number (I4): the masked one is enough to follow a delivery.
    console.info(production ? `[sms:log] to=${maskPhone(to)}` : `[sms:log] to=${to} ${text}`);
  };
}

/** Whether this configuration clears the code out of outbox rows once delivered (or given up). */
export function redactsCodes(cfg: SmsDriverConfig): boolean {
  return cfg.driver !== 'log' || !cfg.keepCodes;
}

/** The stored body with every code replaced by asterisks, computed in the database. */
const redactedBody = () => sql`regexp_replace(${outbox.body}, ${CODE_PATTERN_SQL}, ${REDACTED_CODE}, 'g')`;

async function redactRow(db: Db, id: number): Promise<void> {
  await db.update(outbox).set({ body: redactedBody() }).where(eq(outbox.id, id));
}

/**
 * The outbox Sender for channel 'sms'. Refuses (throws) anything that is not a Kazakh mobile, a
 * body whose code was redacted (already delivered) and a code older than its lifetime; a notice
 * (a body that never carried a code) is sent whatever its age; a gateway failure
 * throws, so processOutbox keeps the message and retries it. After a successful send, and on the
 * last failed attempt, the code is replaced by asterisks in the stored body (except for the log
 * driver keeping a development copy: see SmsDriverConfig.keepCodes).
 */
export function createSmsSender(db: Db, cfg: SmsDriverConfig, gateway: SmsGateway = createSmsGateway(cfg)): Sender {
  const redact = redactsCodes(cfg);
  return async (m: OutboxMessage) => {
    const phone = checkKzMobile(m.recipient);
    if (!phone.ok) throw new Error('refused: not a Kazakh mobile number');
    const code = codeInBody(m.body);
    // A redacted code was delivered or given up already; a body that never had one is a notice
    // (a password change, a review decision: lib/auth/notices.ts, lib/review/notify.ts) and has no lifetime.
    if (!code && m.body.includes(REDACTED_CODE)) throw new Error('refused: the body carries no code (already delivered or expired)');
    if (code && Date.now() - m.createdAt.getTime() > SMS_CODE_TTL_S * 1000) {
      await redactRow(db, m.id);
      throw new Error('refused: the code expired before it could be delivered');
    }
    try {
      await gateway(phone.e164, m.body);
    } catch (err) {
      if (redact && m.attempts + 1 >= MAX_ATTEMPTS) await redactRow(db, m.id).catch(() => {});
      throw err;
    }
    if (redact) {
      // Sent already: a failure here must not make the outbox send it again.
      await redactRow(db, m.id).catch((err: unknown) =>
        console.error('[sms] could not redact a sent message:', errorForLog(err)),
      );
    }
  };
}

/**
 * Housekeeping after an outbox pass: a code SMS still pending when its code has expired is given up
 * (status failed, code redacted), since delivering it would only confuse and cost; with a
 * redacting driver, any delivered or failed SMS that still carries a code is redacted.
 */
export async function settleSmsOutbox(db: Db, opts: { redact: boolean; now?: Date }): Promise<{ expired: number }> {
  const now = opts.now ?? new Date();
  const expired = await db
    .update(outbox)
    .set({
      status: 'failed',
      lockedUntil: null,
      lastError: 'the code expired before it could be delivered',
      body: redactedBody(),
    })
    .where(
      and(
        eq(outbox.channel, 'sms'),
        eq(outbox.status, 'pending'),
        // A code (or one already redacted by a refusal), not a notice.
        sql`(${outbox.body} ~ ${CODE_PATTERN_SQL} or strpos(${outbox.body}, ${REDACTED_CODE}) > 0)`,
        lt(outbox.createdAt, new Date(now.getTime() - SMS_CODE_TTL_S * 1000)),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
      ),
    )
    .returning({ id: outbox.id });
  if (opts.redact) {
    await db
      .update(outbox)
      .set({ body: redactedBody() })
      .where(and(eq(outbox.channel, 'sms'), inArray(outbox.status, ['sent', 'failed']), sql`${outbox.body} ~ ${CODE_PATTERN_SQL}`));
  }
  return { expired: expired.length };
}
