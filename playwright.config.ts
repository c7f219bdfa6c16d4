import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;
// Set once in the runner and inherited by the workers: e2e/staff.ts runs `npm run admin:create` against it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `tilmen-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;
// The in-process SMTP server of e2e/smtp-sink.ts; tests read the mails from this folder.
process.env.E2E_SMTP_PORT ??= String(PORT + 25);
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `tilmen-e2e-mail-${process.pid}`);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/smtp-sink.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Russian is the default locale; a browser asking for English would be sent to /en.
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], locale: 'ru-RU' } }],
  // A production build (npm test builds first), on a fresh embedded database.
  webServer: {
    // server.mjs: Next behind the rule that drops client-sent X-Forwarded-For (no trusted proxy).
    command: 'node server.mjs',
    url: `${baseURL}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: dataDir,
      ENABLE_DEV_TOOLS: 'true',
      OUTBOX_POLL_MS: '1000',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    },
  },
});
