import { existsSync } from 'node:fs';

// Debian's chromium as every browser test starts it (playwright.config.ts, and the cluster test's
// two-instance call in deploy/test/cluster.cluster.test.ts).

/**
 * The browser the tests drive: Debian's `chromium-headless-shell` (the same Chromium build without
 * the desktop browser's UI layers), else its full `chromium`; CHROME_PATH overrides both. Measured on
 * e2e/accounts.spec.ts with two workers: 95 s against 148 s, the same 26 tests passing (WebRTC with
 * the fake camera, the board and axe too). Lighthouse in `npm run bench` keeps the full browser.
 */
export const chromiumPath =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A fake camera and microphone that need no prompt (the lesson room's tests): two cameras (a phone's
 * front and back, for "switch camera"), and getDisplayMedia's fake 1280×720 screen for "share the screen".
 */
export const fakeMediaArgs = ['--use-fake-device-for-media-stream=device-count=2', '--use-fake-ui-for-media-stream'];
