import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { localePath, messages, readMails, type Locale } from './helpers';
import { loopbackCall, rand, signUp, type CallResult } from './sessions';

// Helpers of the marketplace journeys (issue 14): calls from a random loopback address (each test
// its own rate-limit bucket), the development SMS outbox, the captured mails with their invitation.

export { phoneOf, rand, sms } from './sessions';

/** An API call in English (or `locale`) from its own loopback address; see loopbackCall for the options. */
export const call = (method: 'GET' | 'POST' | 'PUT', urlPath: string, body?: unknown, opts: { locale?: string; token?: string; from?: string } = {}): Promise<CallResult> =>
  loopbackCall(method, urlPath, body, { locale: 'en', ...opts });

/** A tutor registered through the API with a confirmed e-mail (the application waits for review). */
/** Signs in through the API from one visitor's address; the access token. */
export async function apiLogin(phone: string, password: string, from: string): Promise<string> {
  const res = await call('POST', '/api/auth/login', { login: phone, password }, { from });
  expect(res.status, res.body).toBe(200);
  return (JSON.parse(res.body) as { token: string }).token;
}

export async function registeredTutor(who: { name: string; lastname: string; password: string }) {
  const email = `tutor-${Date.now()}-${rand(0, 9999)}@example.kz`;
  const { phone } = await signUp(
    'tutor',
    { tutorKind: 'local', name: who.name, lastname: who.lastname, teachingLanguage: 'kk', subject: 'kazakh', email },
    { password: who.password, locale: 'en' },
  );
  const mail = (await readMails(email, { containing: '/email-confirm?token=' })).find((x) => x.includes('/email-confirm?token='));
  const token = /email-confirm\?token=([\w-]+)/.exec(mail ?? '')?.[1];
  expect((await call('POST', '/api/auth/email/confirm', { token })).status).toBe(200);
  return { phone, email, digits: phone.replace(/\D/g, '') };
}

/** A registered tutor (Гүлнар Әбенова) made bookable at once by the development call (no profile review), at `price` ₸ when given. */
export async function bookableTutor(password: string, price?: number) {
  const tutor = await registeredTutor({ name: 'Гүлнар', lastname: 'Әбенова', password });
  // With a price, a minimal profile at it is published: packages of this tutor can be bought.
  const made = await call('POST', '/api/dev/bookable-tutor', { phone: tutor.phone, ...(price ? { price } : {}) });
  expect(made.status, made.body).toBe(200);
  return { ...tutor, id: (JSON.parse(made.body) as { id: number }).id };
}

/**
 * The cabinet's profile editor (open, in Kazakh): about text in Kazakh, teaches Kazakh in Kazakh to
 * adult beginners, the price and the years of experience. The photo and the submission are the spec's.
 */
export async function fillKazakhProfile(t: Page, p: { about: string; price: number; experience: number }) {
  const kk = messages.kk;
  const P = kk.Cabinet.publicProfile;
  await t.getByLabel(`${P.about} — ${P.aboutIn.kk}`).fill(p.about);
  await t.getByRole('group', { name: P.teachingLanguages }).getByLabel(kk.Registration.tutor.languages.kk).check();
  await t.getByRole('group', { name: P.subjects }).getByLabel(kk.Registration.tutor.subjects.kazakh).check();
  await t.getByRole('group', { name: P.levels }).getByLabel(kk.Tutors.levels.beginner).check();
  await t.getByRole('group', { name: P.ages }).getByLabel(kk.Tutors.ages.adults).check();
  await t.getByLabel(P.price).fill(String(p.price));
  await t.getByLabel(P.experience).fill(String(p.experience));
}

/** Signs in on the sign-in page (phone and password) and lands in the cabinet. */
export async function signInToCabinet(page: Page, phone: string, password: string, locale: Locale = 'en') {
  const m = messages[locale];
  await page.goto(`${localePath(locale, '/sign-in')}?next=${encodeURIComponent(localePath(locale, '/cabinet'))}`);
  await page.getByLabel(m.SignIn.login).fill(phone);
  await page.getByLabel(m.SignIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: m.SignIn.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/cabinet/);
}

/** A captured mail with every MIME part decoded (the invitation is its own text/calendar part). */
export function decodedMail(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      const head = split < 0 ? part : part.slice(0, split);
      const body = split < 0 ? '' : part.slice(split).trim();
      if (/content-transfer-encoding:\s*base64/i.test(head)) return head + '\n' + Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return head + '\n' + Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
      return part;
    })
    .join('\n');
}

/** The first captured mail to `email` whose calendar part has this METHOD (REQUEST, CANCEL), or that `match` accepts. */
export async function calendarMail(email: string, match: string | ((decoded: string) => boolean)): Promise<string | undefined> {
  const accepts = typeof match === 'string' ? (x: string) => x.includes(`METHOD:${match}`) : match;
  const dir = process.env.E2E_MAIL_DIR!;
  for (let i = 0; i < 60; i++) {
    const found = (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [])
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((x) => x.split('\r\n')[0]!.includes(email))
      .map(decodedMail)
      .find(accepts);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

/** "Mon 18:00": an instant's weekday and clock in Almaty. */
export const almaty = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Almaty', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
