import { expect, type Page } from '@playwright/test';
import { WORDS } from '../scripts/fakes/epay.mjs';

/** The local fake of Halyk ePay's cards (scripts/fakes/epay.mjs): approved with 3-D Secure (code 1234). */
export const CARD_3DS = '5522 0427 0506 6736';

/**
 * Pays on the fake bank's hosted page the checkout has just opened: the card, "Pay", the 3-D Secure
 * code, "Confirm", in the page's language (the checkout's: eng, rus or kaz); resolves back on the school's return page (its result is the caller's to read).
 */
export async function payOnFakeBank(page: Page, card = CARD_3DS, language: keyof typeof WORDS = 'eng'): Promise<void> {
  const w = WORDS[language];
  await page.getByLabel(w.card).fill(card);
  await page.getByRole('button', { name: w.pay, exact: true }).click();
  await page.getByLabel(w.code).fill('1234');
  await page.getByRole('button', { name: w.confirm, exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/return\?invoice=\d+/);
}
