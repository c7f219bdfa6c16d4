import 'server-only';
// Sending what is due: a use case that queued a message kicks the outbox after its response
// (runAfterResponse(kickOutbox)), and the server's timer kicks it every OUTBOX_POLL_MS
// (lib/server/services.ts). The transports are this folder's: ./mail.ts and ./sms.ts.
import { runBackgroundPass } from '@/lib/runtime/background';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { processOutbox, type Sender } from './index';
import { createMailSender } from './mail';
import { createSmsSender, redactsCodes, settleSmsOutbox, smsDriverConfig } from './sms';

const holder = globalThis as unknown as {
  __tilmenMail?: Promise<Sender>;
  __tilmenSms?: { db: Db; send: Sender; redact: boolean };
};

function mailSender(): Promise<Sender> {
  const e = env();
  holder.__tilmenMail ??= createMailSender({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, production: e.NODE_ENV !== 'development', leaseMs: e.OUTBOX_LEASE_MS });
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

/** Sends what is due in the outbox. */
export function kickOutbox(): Promise<void> {
  return runBackgroundPass('outbox', async (db) => {
    const sms = smsSender(db);
    await processOutbox(db, { email: await mailSender(), sms: sms.send }, new Date(), { leaseMs: env().OUTBOX_LEASE_MS });
    await settleSmsOutbox(db, { redact: sms.redact });
  });
}
