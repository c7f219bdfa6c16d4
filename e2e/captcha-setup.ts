import { startFakeRecaptcha } from '../test/fake-recaptcha';
import keys from './recaptcha-keys.json';

// The e2e server with reCAPTCHA on (playwright.config.ts, scripts/e2e-captcha-server.sh): its keys,
// and the local siteverify it asks, started here as a Playwright global setup. Tokens name their
// answer (test/fake-recaptcha.ts): `act-lead-…-low` is a v3 token for "lead" with a score too low,
// `v2-…` a ticked checkbox. The browser's side is e2e/recaptcha-widget.ts.

// The keys live in recaptcha-keys.json: scripts/e2e-captcha-server.sh reads the site keys from there
// when `npm test` builds this server's bundle beside the site's (scripts/test-all.sh).
export const E2E_RECAPTCHA = keys;

export const siteverifyPort = () => Number(process.env.E2E_SITEVERIFY_PORT);

/** The e2e server with reCAPTCHA on: the port after the first server's. */
export const captchaServerPort = () => Number(process.env.E2E_PORT ?? 3100) + 1;

export default async function globalSetup() {
  const fake = await startFakeRecaptcha(E2E_RECAPTCHA.v3Secret, { v2Secret: E2E_RECAPTCHA.v2Secret, port: siteverifyPort() });
  return fake.close;
}
