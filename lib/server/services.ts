import 'server-only';
import { after } from 'next/server';
import { errorForLog } from '@/lib/api/error-log';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { publicEnv } from '@/lib/public-env';
import type { CaptchaConfig } from '@/lib/captcha/verify';
import { processOutbox, type Sender } from '@/lib/outbox';
import { createMailSender } from '@/lib/outbox/mail';
import type { Db } from '@/lib/db/types';
import { createSmsSender, redactsCodes, settleSmsOutbox, smsDriverConfig } from '@/lib/sms/drivers';

export function captchaConfig(): CaptchaConfig {
  const e = env();
  const hostnames = e.RECAPTCHA_HOSTNAMES
    ? e.RECAPTCHA_HOSTNAMES.split(',').map((h) => h.trim()).filter(Boolean)
    : [new URL(publicEnv.NEXT_PUBLIC_SITE_URL).hostname];
  return { secret: e.RECAPTCHA_SECRET_KEY, verifyUrl: e.RECAPTCHA_VERIFY_URL, minScore: e.RECAPTCHA_MIN_SCORE, hostnames };
}

const holder = globalThis as unknown as {
  __tilmenMail?: Promise<Sender>;
  __tilmenSms?: { db: Db; send: Sender; redact: boolean };
  __tilmenOutboxBusy?: boolean;
};

function mailSender(): Promise<Sender> {
  const e = env();
  holder.__tilmenMail ??= createMailSender({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, production: e.NODE_ENV !== 'development' });
  return holder.__tilmenMail;
}

/** The SMS driver of SMS_DRIVER (log, mobizon, smsc) for this database. */
function smsSender(db: Db): { send: Sender; redact: boolean } {
  if (holder.__tilmenSms?.db !== db) {
    const cfg = smsDriverConfig(env());
    if (cfg.driver === 'log' && cfg.production) console.warn('[sms] SMS_DRIVER is log: codes are not delivered to phones.');
    holder.__tilmenSms = { db, send: createSmsSender(db, cfg), redact: redactsCodes(cfg) };
  }
  return holder.__tilmenSms;
}

/** Sends what is due in the outbox; one pass at a time per process. */
export async function kickOutbox(): Promise<void> {
  if (holder.__tilmenOutboxBusy) return;
  holder.__tilmenOutboxBusy = true;
  try {
    const db = await getDb();
    const sms = smsSender(db);
    await processOutbox(db, { email: await mailSender(), sms: sms.send });
    await settleSmsOutbox(db, { redact: sms.redact });
  } catch (err) {
    console.error('[outbox] pass failed:', errorForLog(err));
  } finally {
    holder.__tilmenOutboxBusy = false;
  }
}

/** Runs work after the response is sent; outside a request (scripts, tests) it simply starts it. */
export function runAfterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}
