import 'server-only';
import { OUTBOX_LEASE_MS, type OutboxMessage, type Sender } from './index';

/** How a calendar invitation is meant: a new or moved event, or its cancellation. */
export type IcsMethod = 'REQUEST' | 'CANCEL';

/** The METHOD line of a stored .ics (lib/lessons/ics.ts writes them), for the mail's text/calendar part. */
export const icsMethod = (ics: string): IcsMethod => (/^METHOD:CANCEL/m.test(ics) ? 'CANCEL' : 'REQUEST');

/**
 * nodemailer's timeouts for an outbox lease of `leaseMs` (its defaults are 2 minutes to connect, 30 s
 * for the greeting and 10 minutes of silence, longer than the lease): a quarter of the lease (10 s at
 * most) to resolve, connect and be greeted, a third (20 s at most) of silence within a command. A
 * stuck server then fails the send well before the lease (renewed meanwhile) could matter.
 */
export function smtpTimeouts(leaseMs = OUTBOX_LEASE_MS) {
  const connect = Math.min(10_000, Math.floor(leaseMs / 4));
  return { dnsTimeout: connect, connectionTimeout: connect, greetingTimeout: connect, socketTimeout: Math.min(20_000, Math.floor(leaseMs / 3)) };
}

/** SMTP through nodemailer when a URL is configured (with smtpTimeouts); otherwise the log driver. */
export async function createMailSender(opts: { smtpUrl?: string; from: string; production: boolean; leaseMs?: number }): Promise<Sender> {
  if (!opts.smtpUrl) {
    return async (m: OutboxMessage) => {
      // Personal data stays out of production logs.
      const detail = opts.production ? '' : `\n${m.body}`;
      console.info(`[mail:log] to=${m.recipient} subject="${m.subject ?? ''}"${detail}`);
    };
  }
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...smtpTimeouts(opts.leaseMs) });
  return async (m: OutboxMessage) => {
    // A lesson's invitation goes as the text/calendar part (and an invite.ics attachment) calendars read.
    const icalEvent = m.ics ? { method: icsMethod(m.ics), filename: 'invite.ics', content: m.ics } : undefined;
    await transport.sendMail({ from: opts.from, to: m.recipient, subject: m.subject ?? '', text: m.body, icalEvent });
  };
}
