import { expect, type Page } from '@playwright/test';

/** The local fake of Halyk ePay's cards (scripts/fakes/epay.mjs): approved with 3-D Secure (code 1234). */
export const CARD_3DS = '5522 0427 0506 6736';

/**
 * Pays on the fake bank's hosted page the checkout has just opened: the card, "Pay", the 3-D Secure
 * code, "Confirm"; resolves back on the school's return page (its result is the caller's to read).
 */
export async function payOnFakeBank(page: Page, card = CARD_3DS): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByLabel('Confirmation code').fill('1234');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/checkout\/return\?invoice=\d+/);
}
