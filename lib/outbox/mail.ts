import 'server-only';
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
    await transport.sendMail({ from: opts.from, to: m.recipient, subject: m.subject ?? '', text: m.body });
  };
}
