import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Playwright global setup: a real SMTP server the app sends to (SMTP_URL in playwright.config.ts).
 * Every message is written as a file into E2E_MAIL_DIR, where tests read it (see readMails).
 */
export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR!;
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        fs.writeFileSync(path.join(dir, `${Date.now()}-${++n}.eml`), `X-Envelope-To: ${to}\r\n${raw}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve));
  return async () => new Promise<void>((resolve) => server.close(() => resolve()));
}
