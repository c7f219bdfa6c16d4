import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';
import { localePath, messages, readMails } from './helpers';

// Moving a booked trial lesson from the cabinet (issue 14): the tutor sees the lesson in the week's
// schedule, moves it to another free time of theirs before the deadline; the student is told at
// once by SMS, the tutor's calendar gets an update of the same event (same UID, SEQUENCE 1); the
// week shows the new time. On a 360 px phone the week is a list of days, without sideways scroll.

const PORT = Number(process.env.E2E_PORT ?? 3100);
test.use({ baseURL: `http://localhost:${PORT}` });
const locale = 'en' as const;
const m = messages[locale];
const L = m.Cabinet.lessons;
const W = m.Cabinet.week;
const PASSWORD = 'Qazaq2024sky';
const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const ip = `127.0.${rand(0, 255)}.${rand(2, 254)}`;

function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method,
        localAddress: ip,
        headers: {
          host: `localhost:${PORT}`,
          'accept-language': locale,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
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

async function login(phone: string): Promise<string> {
  const res = await call('POST', '/api/auth/login', { login: phone, password: PASSWORD });
  expect(res.status, res.body).toBe(200);
  return (JSON.parse(res.body) as { token: string }).token;
}

/** A tutor registered and e-mail-confirmed through the API, made bookable (dev tools), every day 08:00-22:00. */
async function bookableTutor() {
  const phone = phoneOf();
  const email = `resched-tutor-${Date.now()}-${rand(0, 9999)}@example.kz`;
  expect((await call('POST', '/api/sms/send', { phone, purpose: 'register' })).status).toBe(202);
  const code = (await sms(phone))[0]?.code;
  const res = await call('POST', '/api/auth/register/tutor', {
    tutorKind: 'local', name: 'Гүлнар', lastname: 'Әбенова', teachingLanguage: 'kk', subject: 'kazakh', email, phone, code, password: PASSWORD, confirm: PASSWORD, consent: CONSENT_VERSION,
  });
  expect(res.status, res.body).toBe(201);
  const mail = (await readMails(email, { containing: '/email-confirm?token=' })).find((x) => x.includes('/email-confirm?token='));
  const token = /email-confirm\?token=([\w-]+)/.exec(mail ?? '')?.[1];
  expect((await call('POST', '/api/auth/email/confirm', { token })).status).toBe(200);
  const made = await call('POST', '/api/dev/bookable-tutor', { phone });
  expect(made.status, made.body).toBe(200);
  const weekly = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[8 * 60, 22 * 60]]]));
  const saved = await call('PUT', '/api/tutor/schedule', { weekly, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }, await login(phone));
  expect(saved.status, saved.body).toBe(200);
  return { phone, email, id: (JSON.parse(made.body) as { id: number }).id };
}

async function student() {
  const phone = phoneOf();
  expect((await call('POST', '/api/sms/send', { phone, purpose: 'register' })).status).toBe(202);
  const code = (await sms(phone))[0]?.code;
  const res = await call('POST', '/api/auth/register/student', { name: 'Aliya', lastname: 'Sarsenova', subject: 'kazakh', phone, code, password: PASSWORD, confirm: PASSWORD, consent: CONSENT_VERSION });
  expect(res.status, res.body).toBe(201);
  return { phone, token: await login(phone) };
}

/** The decoded text of the tutor's captured mails (base64 and quoted-printable parts opened). */
async function tutorCalendar(email: string, test: (text: string) => boolean): Promise<string | undefined> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const decode = (raw: string) =>
    raw
      .split(/\r?\n--[^\r\n]+\r?\n/)
      .map((part) => {
        const split = part.search(/\r?\n\r?\n/);
        const head = split < 0 ? part : part.slice(0, split);
        const body = split < 0 ? '' : part.slice(split).trim();
        if (/content-transfer-encoding:\s*base64/i.test(head)) return head + '\n' + Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
        if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return head + '\n' + Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
        return part;
      })
      .join('\n');
  for (let i = 0; i < 60; i++) {
    const dir = process.env.E2E_MAIL_DIR!;
    const found = (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [])
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((x) => x.split('\r\n')[0]!.includes(email))
      .map(decode)
      .find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

const almatyClock = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Almaty', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const almatyDate = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date(iso));
const mondayOf = (ymd: string) => {
  const d = new Date(`${ymd}T12:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};
const lessonText = (iso: string) => W.lesson.replace('{from}', almatyClock(iso)).replace('{to}', almatyClock(new Date(Date.parse(iso) + 30 * 60_000).toISOString())).replace('{name}', 'Aliya Sarsenova');

async function signIn(page: Page, phone: string) {
  await page.goto(`${localePath(locale, '/sign-in')}?next=${encodeURIComponent(localePath(locale, '/cabinet'))}`);
  await page.getByLabel(m.SignIn.login).fill(phone);
  await page.getByLabel(m.SignIn.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: m.SignIn.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/cabinet/);
}

test('the tutor sees the lesson in the week and moves it; the student is told, the calendar event moves (same UID, SEQUENCE 1); on a phone the week is a day list', async ({ browser }) => {
  test.setTimeout(240_000);
  const tutor = await bookableTutor();
  const s = await student();
  const slots = (JSON.parse((await call('GET', `/api/booking/slots?tutorId=${tutor.id}`)).body) as { slots: string[] }).slots;
  const [first, target] = [slots[0]!, slots[5]!];
  const booked = await call('POST', '/api/booking/book', { tutorId: tutor.id, startsAt: first, subject: 'kazakh', idempotencyKey: `e2e-${Date.now()}` }, s.token);
  expect(booked.status, booked.body).toBe(201);
  const lessonId = (JSON.parse(booked.body) as { lesson: { id: number } }).lesson.id;

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await signIn(page, tutor.phone);
  const week = page.getByRole('region', { name: W.title });
  await expect(week.getByRole('heading', { name: W.title })).toBeVisible();
  // The lesson's week (this one, or the next when today is the week's end), by keyboard.
  const today = almatyDate(new Date().toISOString());
  if (mondayOf(almatyDate(first)) !== mondayOf(today)) {
    await week.getByRole('button', { name: W.next }).focus();
    await page.keyboard.press('Enter');
  }
  await expect(week.getByText(lessonText(first))).toBeVisible();
  // A day list on a 360 px phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The lesson list says with whom and until when it can be moved; the tutor moves it.
  const lessons = page.getByRole('region', { name: L.title, exact: true });
  await expect(lessons.getByText(L.withStudent.replace('{name}', 'Aliya Sarsenova'))).toBeVisible();
  await expect(lessons.getByText(L.deadline.replace('{hours}', '4'))).toBeVisible();
  await lessons.getByRole('button', { name: L.reschedule, exact: true }).click();
  await lessons.getByLabel(L.rescheduleTitle).selectOption(target);
  await lessons.getByRole('button', { name: L.rescheduleConfirm }).click();
  await expect(lessons.getByText(L.rescheduled)).toBeVisible();

  // The student is told at once; the tutor's calendar gets the same event, moved.
  await sms(s.phone, 'Tilmen: your lesson with Гүлнар Әбенова moved to');
  const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const update = await tutorCalendar(tutor.email, (x) => x.includes('METHOD:REQUEST') && x.includes(`DTSTART:${utc(target)}`));
  expect(update).toContain(`UID:trial-lesson-${lessonId}@tilmen.kz`);
  expect(update).toMatch(/SEQUENCE:1\r?\n/);

  // The week and the slots follow: the old time is free again, the new one taken.
  await page.reload();
  if (mondayOf(almatyDate(target)) !== mondayOf(today)) await page.getByRole('region', { name: W.title }).getByRole('button', { name: W.next }).click();
  await expect(page.getByRole('region', { name: W.title }).getByText(lessonText(target))).toBeVisible();
  const after = (JSON.parse((await call('GET', `/api/booking/slots?tutorId=${tutor.id}`)).body) as { slots: string[] }).slots;
  expect(after).toContain(first);
  expect(after).not.toContain(target);
  await context.close();
});
