import { createTranslator } from 'use-intl/core';
import http from 'node:http';
import { expect, test as base, type Page } from '@playwright/test';
import ru from '../messages/ru.json';
import kk from '../messages/kk.json';
import en from '../messages/en.json';
import { phoneOf, sms } from './sessions';

export const LOCALES = ['ru', 'kk', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const messages = { ru, kk, en } as const;

/**
 * The `test` of a loop over the three languages. A journey runs once, in the language its title
 * picks (a fixed hash, so each language carries about a third of the journeys and a test keeps its
 * language from run to run); the three catalogues' keys, plurals and Kazakh texts are checked without
 * a browser (messages/*.test.ts). A serial group (`test.describe.serial`: its tests share state) runs
 * whole, in the language its own title picks. E2E_ALL_LOCALES=1 runs every journey in all three.
 */
export function localeTest(locale: Locale): typeof base {
  if (process.env.E2E_ALL_LOCALES === '1') return base;
  let inPickedGroup = 0;
  const only = (title: string, ...rest: unknown[]) => {
    if (inPickedGroup === 0 && languageOf(title, locale) !== locale) return;
    declareAt(base as unknown as Declare, title, rest);
  };
  const serial = (title: string, body: () => void) => {
    if (languageOf(title, locale) !== locale) return;
    declareAt(base.describe.serial as unknown as Declare, title, [
      () => {
        inPickedGroup++;
        try {
          body();
        } finally {
          inPickedGroup--;
        }
      },
    ]);
  };
  const describe = Object.assign((...a: Parameters<typeof base.describe>) => base.describe(...a), base.describe, { serial });
  return Object.assign(only, base, { describe }) as unknown as typeof base;
}

type Declare = (...a: unknown[]) => void;
/**
 * Playwright names a test's (or group's) place from the second frame of the stack it takes, which
 * would be inside this file: the stack is taken from here down (the frames left are the wrapper's,
 * then the spec's line that called it), so the place is the spec's line as with a plain `test` call.
 */
function declareAt(declare: Declare, title: string, rest: unknown[]) {
  const capture = Error.captureStackTrace;
  Error.captureStackTrace = (target: object) => capture(target, declareAt);
  try {
    declare(title, ...rest);
  } finally {
    Error.captureStackTrace = capture;
  }
}

/** The language a title runs in: the title without its language (prefix, path) hashed to one of three. */
export function languageOf(title: string, locale: Locale): Locale {
  const plain = title
    .replace(new RegExp(`/${locale}(?=/)`, 'g'), '')
    .replace(new RegExp(`/${locale}(?=[\\s:]|$)`, 'g'), '/')
    .replace(new RegExp(`\\b${locale}\\b`, 'g'), 'L');
  let h = 2166136261;
  for (const c of plain) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return LOCALES[h % LOCALES.length]!;
}

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

/**
 * Decoded mails the app sent to `to` (captured by the SMTP server of e2e/smtp-sink.ts), newest
 * last; waits until one contains `containing` (when given).
 */
export async function readMails(to: string, { containing, wait = 15_000 }: { containing?: string; wait?: number } = {}): Promise<string[]> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + wait;
  for (;;) {
    const mails = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .sort()
          .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
          .filter((m) => m.split('\r\n')[0]!.includes(to))
          .map(mailText)
      : [];
    const found = containing ? mails.some((m) => m.includes(containing)) : mails.length > 0;
    if (found || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The text of a captured mail: headers as they are, the body decoded (quoted-printable or base64). */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return head + '\n' + Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
    try {
      return head + '\n' + decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    } catch {
      return head + '\n' + body;
    }
  }
  return raw;
}

/**
 * Routes the page's calls matching `calls` through a loopback address of its own (127.0.x.y), so a
 * test's submissions count against per-IP limits of their own, not the whole suite's. Each call
 * goes to the server it was meant for (either e2e server).
 */
export async function asVisitor(page: Page, calls: string[] = ['**/api/sms/send']) {
  const localAddress = `127.0.${randInt(0, 255)}.${randInt(2, 254)}`;
  for (const pattern of calls) await page.route(pattern, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const sent = await request.allHeaders();
    const headers: Record<string, string> = { host: url.host };
    for (const name of ['content-type', 'accept-language', 'cookie', 'origin', 'referer', 'user-agent']) if (sent[name]) headers[name] = sent[name];
    const answer = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: Number(url.port) || E2E_PORT, path: url.pathname + url.search, method: request.method(), localAddress, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const out: Record<string, string> = {};
          // Several Set-Cookie lines (a sign-in's session cookies) go to the browser one per line.
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(k === 'set-cookie' ? '\n' : ', ') : v;
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
      });
      req.on('error', reject);
      req.end(request.postDataBuffer() ?? undefined);
    });
    await route.fulfill(answer);
  });
}

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const randInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export interface StoredLead {
  kind: string;
  page: string;
  plan: string | null;
  promoCode: string | null;
  consentVersion: string | null;
  consentAt: string | null;
}

/** The leads stored for a phone (GET /api/dev/leads on the page's server), newest first. */
export async function leadsOf(page: Page, phone: string): Promise<StoredLead[]> {
  const res = await page.request.get(`/api/dev/leads?phone=${encodeURIComponent(phone)}`);
  return ((await res.json()) as { leads: StoredLead[] }).leads;
}

/**
 * A catalogue message as the page shows it, plurals and all (`key` is a dotted path, values as the
 * component passes them): `say('en', 'Booking.deadlineNote', { minutes: 30, hours: 4 })`.
 */
export function say(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, ...rest] = key.split('.');
  const t = createTranslator({ locale, messages: messages[locale] as never, namespace: namespace as never });
  return (t as unknown as (k: string, v: Record<string, string | number>) => string)(rest.join('.'), values);
}

/**
 * At 360 px (a phone) the page and every table's box fit the screen: nothing scrolls sideways
 * (journeys: staff and HR tables did). Boxes with no width of their own (a screen reader's table
 * behind a chart, `sr-only`) are not on the screen. The viewport is put back afterwards.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = () =>
    page.evaluate(() => {
      const wide = [document.documentElement, ...document.querySelectorAll<HTMLElement>('[role="region"], table')].filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1);
      return wide.map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}: ${el.scrollWidth} > ${el.clientWidth}`);
    });
  try {
    // Charts take their new width when their ResizeObserver fires, a frame or two after the resize:
    // the layout is read until it settles (a page that really overflows still fails, saying where).
    await expect.poll(overflow, { message: 'sideways scroll at 360 px', timeout: 5_000 }).toEqual([]);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/**
 * The Kazakh test entry form's phone (a public sitting): a fresh number, "get a code", the code from
 * the SMS typed in. Send the page's SMS calls from an address of its own first (`asVisitor`).
 */
export async function confirmPhoneOnEntry(page: Page, f: { phone: string; sendCode: string; smsCode: string }): Promise<string> {
  const phone = phoneOf();
  await page.getByLabel(f.phone).fill(phone);
  await page.getByRole('button', { name: f.sendCode }).click();
  const code = (await sms(phone)).find((x) => x.code)?.code;
  await page.getByLabel(f.smsCode).fill(code!);
  return phone;
}
