// Debian's chromium as every browser test starts it (playwright.config.ts, and the cluster test's
// two-instance call in deploy/test/cluster.cluster.test.ts).
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fake camera and microphone that need no prompt (the lesson room's tests). */
export const fakeMediaArgs = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
