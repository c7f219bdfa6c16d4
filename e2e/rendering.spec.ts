import { expect, test, type Page } from '@playwright/test';
import { localePath } from './helpers';

// How pages render on a phone: fonts, progressive rendering of long pages, prefetch on intent.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

/** The faces Chrome actually drew the text of `selector` with (CDP CSS.getPlatformFontsForNode). */
async function fontsOf(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

test('Kazakh text is drawn in Rubik, every letter, with no system fallback', async ({ page }) => {
  // font-display is optional: the first page of a visit may keep the fallback, a later one (the
  // faces now cached) has Rubik. A busy test machine may need more than one reload for that.
  await page.goto('/kk/student');
  await page.evaluate(() => document.fonts.ready);
  await expect(async () => {
    await page.reload();
    await page.evaluate(() => document.fonts.ready);
    expect((await fontsOf(page, 'main h1')).every((font) => font.isCustomFont)).toBe(true);
  }).toPass({ timeout: 20_000 });
  const kazakh = 'ӘәҒғҚқҢңӨөҰұҮүҺһІі';
  await page.evaluate((letters) => {
    const p = document.createElement('p');
    p.id = 'letters';
    p.textContent = `${letters} ₸ №`;
    p.style.fontWeight = '700';
    document.querySelector('main h1')!.after(p);
  }, kazakh);
  for (const selector of ['main h1', '#letters']) {
    const fonts = await fontsOf(page, selector);
    expect(fonts.length, selector).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.isCustomFont, `${selector}: ${font.familyName}`).toBe(true);
      expect(font.familyName, selector).toMatch(/^Rubik/);
    }
  }
});

test('a long page renders what is on screen first and the rest right after it loads', async ({ page }) => {
  await page.goto('/student');
  const sections = page.locator('main > section');
  const count = await sections.count();
  expect(count).toBeGreaterThan(10);
  // Every section is in the HTML from the start (readable without JavaScript) ...
  await expect(sections.last()).toBeAttached();
  // ... and all are laid out soon after load, one per frame.
  await expect(page.locator('main[data-sections-shown]')).toBeAttached();
  expect(await page.locator('main > section:not(:first-child):not([data-shown])').count()).toBe(0);
  const heights = await sections.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  expect(heights.every((h) => h > 100)).toBe(true);
});

test('a link to a section far down the page lands on it', async ({ page }) => {
  await page.goto('/kk/student#feedback');
  await expect(page.locator('main[data-sections-shown]')).toBeAttached();
  const heading = page.locator('#feedback h2');
  await expect(heading).toBeInViewport();
  // From another page, by the home page's call to action (a navigation inside the app).
  await page.goto(localePath('en', '/'));
  await page.locator('main a[href="/en/student#feedback"]').first().click();
  await expect(page).toHaveURL(/\/en\/student#feedback$/);
  await expect(page.locator('#feedback h2')).toBeInViewport();
});

test('links prefetch the next page on intent, not on sight', async ({ page }) => {
  const rsc: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).searchParams.has('_rsc')) rsc.push(new URL(r.url()).pathname);
  });
  await page.goto('/en');
  await page.waitForLoadState('networkidle');
  // Nothing is fetched for links merely on screen (mobile data, and the main thread of a cheap phone).
  expect(rsc).toEqual([]);
  const link = page.locator('main a[href="/en/student"]').first();
  await link.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  expect(rsc).toEqual([]);
  await link.dispatchEvent('touchstart');
  await expect.poll(() => rsc.filter((p) => p === '/en/student').length).toBeGreaterThan(0);
  // The click then navigates in the page, with no new document request.
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++;
  });
  await link.click();
  await expect(page).toHaveURL(/\/en\/student$/);
  await expect(page.locator('h1')).toBeVisible();
  expect(documents).toBe(0);
});

test('the student landing leads to the tutors\' catalogue from the "choose a tutor" and "schedule" blocks (audit, issue 14 #7)', async ({ page }) => {
  for (const locale of ['ru', 'kk', 'en'] as const) {
    await page.goto(locale === 'ru' ? '/student' : `/${locale}/student`);
    const catalogue = locale === 'ru' ? '/tutors' : `/${locale}/tutors`;
    for (const id of ['choose-tutor-link', 'schedule-tutors-link']) await expect(page.getByTestId(id)).toHaveAttribute('href', catalogue);
  }
  await page.getByTestId('choose-tutor-link').click();
  await expect(page).toHaveURL(/\/en\/tutors$/);
});
