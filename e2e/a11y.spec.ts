import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { MARKETING_PATHS, TEST_PATHS } from '../lib/site-map';
import { LOCALES, localePath, localeTest } from './helpers';

for (const locale of LOCALES) {
  const test = localeTest(locale);
  for (const path of [...MARKETING_PATHS, ...TEST_PATHS, '/no-such-page']) {
    test(`axe: ${localePath(locale, path)} has no serious or critical violations`, async ({ page }) => {
      await page.goto(localePath(locale, path));
      // Long pages lay out their lower sections just after load (app/globals.css); check the whole page.
      await expect(page.locator('main[data-sections-shown]')).toBeAttached();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      expect(bad).toEqual([]);
    });
  }
}
