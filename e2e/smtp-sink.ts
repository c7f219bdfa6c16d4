import fs from 'node:fs';
import path from 'node:path';
import { startSmtp } from '../test/smtp';

/**
 * Playwright global setup: a real SMTP server the app sends to (SMTP_URL in playwright.config.ts).
 * Every message is written as a file into E2E_MAIL_DIR, where tests read it (see readMails).
 */
export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR!;
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const smtp = await startSmtp({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (mail) => fs.writeFileSync(path.join(dir, `${Date.now()}-${++n}.eml`), `X-Envelope-To: ${mail.to.join(',')}\r\n${mail.raw}`),
  });
  return smtp.close;
}
