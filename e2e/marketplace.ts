import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';
import { readMails } from './helpers';

// Helpers of the marketplace journeys (issue 14): calls from a random loopback address (each test
// its own rate-limit bucket), the development SMS outbox, the captured mails with their invitation.

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export function call(method: 'GET' | 'POST', urlPath: string, body?: unknown, locale = 'en'): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: urlPath,
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

/** A fresh Kazakh mobile number, written as people type it. */
export const phoneOf = () => {
  const d = String(rand(0, 9_999_999)).padStart(7, '0');
  return `+7 70${rand(0, 2)} ${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`;
};

/** The SMS sent to a phone (development outbox), once one contains `containing` (or a code). */
export async function sms(phone: string, containing?: string): Promise<{ body: string; code: string | null }[]> {
  for (let i = 0; i < 60; i++) {
    const res = await call('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
    const list = (JSON.parse(res.body) as { messages: { body: string; code: string | null }[] }).messages;
    if (containing ? list.some((x) => x.body.includes(containing)) : list.some((x) => x.code)) return list;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS to ${phone} containing ${containing}`);
}

/** A tutor registered through the API with a confirmed e-mail (the application waits for review). */
export async function registeredTutor(who: { name: string; lastname: string; password: string }) {
  const phone = phoneOf();
  const email = `tutor-${Date.now()}-${rand(0, 9999)}@example.kz`;
  expect((await call('POST', '/api/sms/send', { phone, purpose: 'register' })).status).toBe(202);
  const code = (await sms(phone))[0]?.code;
  const res = await call('POST', '/api/auth/register/tutor', {
    tutorKind: 'local',
    name: who.name,
    lastname: who.lastname,
    teachingLanguage: 'kk',
    subject: 'kazakh',
    email,
    phone,
    code,
    password: who.password,
    confirm: who.password,
    consent: CONSENT_VERSION,
  });
  expect(res.status, res.body).toBe(201);
  const mail = (await readMails(email, { containing: '/email-confirm?token=' })).find((x) => x.includes('/email-confirm?token='));
  const token = /email-confirm\?token=([\w-]+)/.exec(mail ?? '')?.[1];
  expect((await call('POST', '/api/auth/email/confirm', { token })).status).toBe(200);
  return { phone, email, digits: phone.replace(/\D/g, '') };
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

/** The first captured mail to `email` whose calendar part has this METHOD (REQUEST, CANCEL). */
export async function calendarMail(email: string, method: string): Promise<string | undefined> {
  const dir = process.env.E2E_MAIL_DIR!;
  for (let i = 0; i < 60; i++) {
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

/** "Mon 18:00": an instant's weekday and clock in Almaty. */
export const almaty = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Almaty', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
