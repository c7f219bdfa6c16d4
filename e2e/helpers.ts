import type { Page } from '@playwright/test';
import ru from '../messages/ru.json';
import kk from '../messages/kk.json';
import en from '../messages/en.json';

export const LOCALES = ['ru', 'kk', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const messages = { ru, kk, en } as const;

/** "/student" in a locale: no prefix for Russian. */
export function localePath(locale: Locale, path: string) {
  if (locale === 'ru') return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

function strings(tree: unknown): string[] {
  // Rich-text tags (<b>…</b>) are not part of what the reader sees.
  if (typeof tree === 'string') return [tree.replace(/<\/?\w+>/g, '').replace(/\s+/g, ' ').trim()];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(strings);
  return [];
}
export const catalogueStrings = Object.fromEntries(LOCALES.map((l) => [l, new Set(strings(messages[l]))])) as Record<Locale, Set<string>>;

export async function h1Text(page: Page) {
  return (await page.locator('h1').first().innerText()).replace(/\s+/g, ' ').trim();
}

/** A fresh Kazakh mobile number per call, so per-phone limits never interfere. */
export function uniquePhone() {
  const n = (Date.now() % 10_000_000) + Math.floor(Math.random() * 1000);
  const digits = String(n).padStart(7, '0').slice(-7);
  return `+7 701 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)}`;
}
