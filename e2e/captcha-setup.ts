import { startFakeRecaptcha } from '../test/fake-recaptcha';

// The e2e server with reCAPTCHA on (playwright.config.ts, scripts/e2e-captcha-server.sh): its keys,
// and the local siteverify it asks, started here as a Playwright global setup. Tokens name their
// answer (test/fake-recaptcha.ts): `act-lead-…-low` is a v3 token for "lead" with a score too low,
// `v2-…` a ticked checkbox. The browser's side is e2e/recaptcha-widget.ts.

export const E2E_RECAPTCHA = {
  v3SiteKey: 'e2e-v3-site-key-0000000000',
  v2SiteKey: 'e2e-v2-site-key-0000000000',
  v3Secret: 'e2e-v3-secret',
  v2Secret: 'e2e-v2-secret',
};

export const siteverifyPort = () => Number(process.env.E2E_SITEVERIFY_PORT);

/** The e2e server with reCAPTCHA on: the port after the first server's. */
export const captchaServerPort = () => Number(process.env.E2E_PORT ?? 3100) + 1;

export default async function globalSetup() {
  const fake = await startFakeRecaptcha(E2E_RECAPTCHA.v3Secret, { v2Secret: E2E_RECAPTCHA.v2Secret, port: siteverifyPort() });
  return fake.close;
}
