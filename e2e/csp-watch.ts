import type { Page } from '@playwright/test';

/**
 * Collects the Content-Security-Policy violations of every document `page` opens: the
 * `securitypolicyviolation` events, and the browser's CSP console errors. Expect it to stay empty.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeBinding('__cspViolation', ({ frame }, line: string) => found.push(`${frame.url()}: ${line}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (l: string) => void }).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) found.push(`${page.url()}: console: ${msg.text()}`);
  });
  return found;
}
