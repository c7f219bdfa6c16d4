import 'server-only';
import { icsMethod } from '@/lib/marketplace/ics';
import type { OutboxMessage, Sender } from './index';

/** SMTP through nodemailer when a URL is configured; otherwise the log driver. */
export async function createMailSender(opts: { smtpUrl?: string; from: string; production: boolean }): Promise<Sender> {
  if (!opts.smtpUrl) {
    return async (m: OutboxMessage) => {
      // Personal data stays out of production logs.
      const detail = opts.production ? '' : `\n${m.body}`;
      console.info(`[mail:log] to=${m.recipient} subject="${m.subject ?? ''}"${detail}`);
    };
  }
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return async (m: OutboxMessage) => {
    // A lesson's invitation goes as the text/calendar part (and an invite.ics attachment) calendars read.
    const icalEvent = m.ics ? { method: icsMethod(m.ics), filename: 'invite.ics', content: m.ics } : undefined;
    await transport.sendMail({ from: opts.from, to: m.recipient, subject: m.subject ?? '', text: m.body, icalEvent });
  };
}
