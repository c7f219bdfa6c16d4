import { expect, test } from '@playwright/test';
import { messages, say } from './helpers';
import { apiLogin, bookableTutor as bookableTutorOf, calendarMail, call, signInToCabinet, sms } from './marketplace';
import { loopbackAddress, signUp } from './sessions';

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

/** One visitor's address for every call of this test. */
const ip = loopbackAddress();
const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string) => call(method, path, body, { from: ip, token });

const login = (phone: string) => apiLogin(phone, PASSWORD, ip);

/** A bookable tutor (development call) available every day 08:00-22:00. */
async function bookableTutor() {
  const tutor = await bookableTutorOf(PASSWORD);
  const weekly = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[8 * 60, 22 * 60]]]));
  const saved = await api('PUT', '/api/tutor/schedule', { weekly, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }, await login(tutor.phone));
  expect(saved.status, saved.body).toBe(200);
  return tutor;
}

async function student() {
  const { phone } = await signUp('student', { name: 'Aliya', lastname: 'Sarsenova', subject: 'kazakh' }, { password: PASSWORD, locale, from: ip });
  return { phone, token: await login(phone) };
}

const almatyClock = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Almaty', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const almatyDate = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date(iso));
const mondayOf = (ymd: string) => {
  const d = new Date(`${ymd}T12:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};
const lessonText = (iso: string) => W.lesson.replace('{from}', almatyClock(iso)).replace('{to}', almatyClock(new Date(Date.parse(iso) + 30 * 60_000).toISOString())).replace('{name}', 'Aliya Sarsenova');

test('the tutor sees the lesson in the week and moves it; the student is told, the calendar event moves (same UID, SEQUENCE 1); on a phone the week is a day list', async ({ browser }) => {
  test.setTimeout(240_000);
  const tutor = await bookableTutor();
  const s = await student();
  const slots = (JSON.parse((await api('GET', `/api/booking/slots?tutorId=${tutor.id}`)).body) as { slots: string[] }).slots;
  const [first, target] = [slots[0]!, slots[5]!];
  const booked = await api('POST', '/api/booking/book', { tutorId: tutor.id, startsAt: first, subject: 'kazakh', idempotencyKey: `e2e-${Date.now()}` }, s.token);
  expect(booked.status, booked.body).toBe(201);
  const lessonId = (JSON.parse(booked.body) as { lesson: { id: number } }).lesson.id;

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await signInToCabinet(page, tutor.phone, PASSWORD);
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
  await expect(lessons.getByText(say('en', 'Cabinet.lessons.deadline', { hours: 4 }))).toBeVisible();
  await lessons.getByRole('button', { name: L.reschedule, exact: true }).click();
  await lessons.getByLabel(L.rescheduleDay).selectOption(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date(target)));
  await lessons.getByLabel(L.rescheduleTitle).selectOption(target);
  await lessons.getByRole('button', { name: L.rescheduleConfirm }).click();
  await expect(lessons.getByText(L.rescheduled)).toBeVisible();

  // The student is told at once; the tutor's calendar gets the same event, moved.
  await sms(s.phone, 'Tilmen: your lesson with Гүлнар Әбенова is rescheduled to');
  const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const update = await calendarMail(tutor.email, (x) => x.includes('METHOD:REQUEST') && x.includes(`DTSTART:${utc(target)}`));
  expect(update).toContain(`UID:trial-lesson-${lessonId}@tilmen.kz`);
  expect(update).toMatch(/SEQUENCE:1\r?\n/);

  // The week and the slots follow: the old time is free again, the new one taken.
  await page.reload();
  if (mondayOf(almatyDate(target)) !== mondayOf(today)) await page.getByRole('region', { name: W.title }).getByRole('button', { name: W.next }).click();
  await expect(page.getByRole('region', { name: W.title }).getByText(lessonText(target))).toBeVisible();
  const after = (JSON.parse((await api('GET', `/api/booking/slots?tutorId=${tutor.id}`)).body) as { slots: string[] }).slots;
  expect(after).toContain(first);
  expect(after).not.toContain(target);
  await context.close();
});
