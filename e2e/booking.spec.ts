import http from 'node:http';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';
import { asVisitor, localePath, messages, readMails } from './helpers';

// Booking a free trial lesson (issue 14, second half): a bookable tutor sets Monday and Wednesday
// 18:00-21:00 in the cabinet; a visitor picks a slot, registers on the way and comes back to the
// same slot; both sides are told (SMS in the development outbox, the tutor's e-mail with the .ics
// in the test SMTP); the slot is gone for the next visitor; the student cancels before the deadline
// and the slot is free again. The tutor's approval and public profile are the other half's spec.

const PORT = Number(process.env.E2E_PORT ?? 3100);
test.use({ baseURL: `http://localhost:${PORT}` });
const locale = 'en' as const;
const m = messages[locale];
const B = m.Booking;
const PASSWORD = 'Qazaq2024sky';
const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method,
        localAddress: `127.0.${rand(0, 255)}.${rand(2, 254)}`,
        headers: { host: `localhost:${PORT}`, 'accept-language': locale, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const phoneOf = () => {
  const d = String(rand(0, 9_999_999)).padStart(7, '0');
  return `+7 70${rand(0, 2)} ${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`;
};

async function sms(phone: string, containing?: string): Promise<{ body: string; code: string | null }[]> {
  for (let i = 0; i < 60; i++) {
    const res = await call('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
    const list = (JSON.parse(res.body) as { messages: { body: string; code: string | null }[] }).messages;
    if (containing ? list.some((x) => x.body.includes(containing)) : list.some((x) => x.code)) return list;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS to ${phone} containing ${containing}`);
}

/** A tutor registered and e-mail-confirmed through the API, then made bookable (dev tools). */
async function bookableTutor() {
  const phone = phoneOf();
  const email = `tutor-${Date.now()}-${rand(0, 9999)}@example.kz`;
  expect((await call('POST', '/api/sms/send', { phone, purpose: 'register' })).status).toBe(202);
  const code = (await sms(phone))[0]?.code;
  const res = await call('POST', '/api/auth/register/tutor', {
    tutorKind: 'local',
    name: 'Гүлнар',
    lastname: 'Әбенова',
    teachingLanguage: 'kk',
    subject: 'kazakh',
    email,
    phone,
    code,
    password: PASSWORD,
    confirm: PASSWORD,
    consent: CONSENT_VERSION,
  });
  expect(res.status, res.body).toBe(201);
  const mail = (await readMails(email, { containing: '/email-confirm?token=' })).find((x) => x.includes('/email-confirm?token='));
  const token = /email-confirm\?token=([\w-]+)/.exec(mail ?? '')?.[1];
  expect((await call('POST', '/api/auth/email/confirm', { token })).status).toBe(200);
  const made = await call('POST', '/api/dev/bookable-tutor', { phone });
  expect(made.status, made.body).toBe(200);
  return { phone, email, id: (JSON.parse(made.body) as { id: number }).id };
}

async function slotValues(browser: Browser, tutorId: number): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(localePath(locale, `/book/${tutorId}`));
  await expect(page.getByText(B.zoneNote)).toBeVisible();
  const values = await page.getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  await context.close();
  return values;
}

/** A captured mail with every MIME part decoded (the invitation is its own text/calendar part). */
function decodedMail(raw: string): string {
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

async function calendarMail(email: string, method: string): Promise<string | undefined> {
  for (let i = 0; i < 60; i++) {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = process.env.E2E_MAIL_DIR!;
    const found = (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [])
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((x) => x.split('\r\n')[0]!.includes(email))
      .map(decodedMail)
      .find((x) => x.includes(`METHOD:${method}`));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

const almaty = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Almaty', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

async function signIn(page: Page, phone: string) {
  await page.goto(`${localePath(locale, '/sign-in')}?next=${encodeURIComponent(localePath(locale, '/cabinet'))}`);
  await page.getByLabel(m.SignIn.login).fill(phone);
  await page.getByLabel(m.SignIn.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: m.SignIn.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/cabinet/);
}

test('a visitor books a trial slot of a Monday/Wednesday tutor, registering on the way; both are told; cancel frees the slot', async ({ browser }) => {
  test.setTimeout(300_000);
  const tutor = await bookableTutor();

  // The tutor sets Monday and Wednesday 18:00-21:00 (Almaty) in the cabinet, by keyboard-usable controls.
  const tutorContext = await browser.newContext();
  const tp = await tutorContext.newPage();
  await signIn(tp, tutor.phone);
  const S = m.Cabinet.schedule;
  await tp.getByRole('button', { name: S.addRange.replace('{day}', S.day1) }).click();
  await tp.getByRole('button', { name: S.addRange.replace('{day}', S.day3) }).click();
  await expect(tp.getByRole('group', { name: S.day1 }).getByLabel(S.from)).toHaveValue(String(18 * 60));
  await expect(tp.getByRole('group', { name: S.day3 }).getByLabel(S.to)).toHaveValue(String(21 * 60));
  await tp.getByRole('button', { name: S.save }).click();
  await expect(tp.getByText(S.saved)).toBeVisible();

  // Only Monday and Wednesday, 18:00 to 20:30 starts.
  const before = await slotValues(browser, tutor.id);
  expect(before.length).toBeGreaterThan(0);
  for (const v of before) expect(almaty(v)).toMatch(/^(Mon|Wed) (18|19|20):(00|30)$/);

  // A visitor picks the first slot and registers on the way.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await asVisitor(page, ['**/api/sms/send', '**/api/booking/hold']);
  await page.goto(localePath(locale, `/book/${tutor.id}`));
  const first = page.getByRole('radio').first();
  const slot = await first.inputValue();
  await first.check({ force: true });
  await expect(page.getByText(B.deadlineNote.replace('{minutes}', '30').replace('{hours}', '4'))).toBeVisible();
  await page.getByRole('button', { name: B.book }).click();
  await expect(page.getByText(B.heldNote)).toBeVisible();
  await page.getByRole('link', { name: B.register }).click();
  await expect(page).toHaveURL(/\/stud-sign-up/);

  const R = m.Registration;
  const studentPhone = phoneOf();
  await page.getByLabel(R.student.name, { exact: true }).fill('Aliya');
  await page.getByLabel(R.student.lastname, { exact: true }).fill('Sarsenova');
  await page.getByRole('radio', { name: new RegExp(`^${R.student.kazakh}`) }).check();
  await page.getByRole('button', { name: R.next }).click();
  await page.getByLabel(R.phone.label).fill(studentPhone);
  await page.getByRole('button', { name: R.phone.send }).click();
  const code = (await sms(studentPhone))[0]?.code ?? '';
  await page.getByLabel(m.SmsCode.label).fill(code);
  await page.getByRole('button', { name: R.next }).click();
  await page.getByLabel(R.password.label, { exact: true }).fill(PASSWORD);
  await page.getByLabel(R.password.confirm, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: R.student.submit }).click();
  await expect(page.getByRole('heading', { name: R.student.successTitle })).toBeVisible();

  // Back to the same slot, held meanwhile: one click books it.
  await page.getByRole('link', { name: B.pendingTitle }).click();
  await expect(page).toHaveURL(new RegExp(`/book/${tutor.id}`));
  await page.getByRole('button', { name: B.confirm }).click();
  await expect(page.getByRole('heading', { name: B.bookedTitle })).toBeVisible();
  const [, hhmm] = almaty(slot).split(' ');
  await expect(page.getByRole('status').filter({ hasText: B.bookedTitle })).toContainText(hhmm!);

  // Both are told: SMS to each, and the tutor's e-mail carries the invitation (UTC times, METHOD:REQUEST).
  expect((await sms(studentPhone, 'Tilmen: trial lesson')).length).toBeGreaterThan(0);
  await sms(tutor.phone, 'Tilmen: trial lesson with Aliya');
  const utc = slot.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const invite = await calendarMail(tutor.email, 'REQUEST');
  expect(invite).toContain('BEGIN:VCALENDAR');
  expect(invite).toContain(`DTSTART:${utc}`);

  // The slot is gone for the next visitor.
  expect(await slotValues(browser, tutor.id)).not.toContain(slot);

  // The student cancels in the cabinet, before the deadline: the slot is free again, the tutor told.
  await page.goto(localePath(locale, '/cabinet'));
  await page.getByRole('button', { name: m.Cabinet.lessons.cancel }).click();
  await expect(page.getByText(m.Cabinet.lessons.cancelled)).toBeVisible();
  expect(await slotValues(browser, tutor.id)).toContain(slot);
  const cancel = await calendarMail(tutor.email, 'CANCEL');
  expect(cancel).toContain('SEQUENCE:1');
  await visitor.close();
  await tutorContext.close();
});
