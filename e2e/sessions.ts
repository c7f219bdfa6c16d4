import http from 'node:http';
import { expect } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';

// API calls from the e2e specs, and accounts made through the API for specs that only need someone
// signed up or signed in (not the sign-up or sign-in UI itself).

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A loopback source address of its own (127.0.x.y). */
export const loopbackAddress = () => `127.0.${rand(0, 255)}.${rand(2, 254)}`;

export interface CallResult {
  status: number;
  body: string;
  setCookies: string[];
}

/**
 * A call from its own loopback address: the server ignores X-Forwarded-For, so a distinct source
 * address is what keeps its per-IP limits (SMS, logins) per call instead of per run. `from` pins the
 * address (one visitor across calls), `token` signs the call in, `locale` is its Accept-Language.
 */
export function loopbackCall(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  opts: { locale?: string; token?: string; from?: string } = {},
): Promise<CallResult> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method,
        localAddress: opts.from ?? loopbackAddress(),
        headers: {
          host: `localhost:${PORT}`,
          ...(opts.locale ? { 'accept-language': opts.locale } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, setCookies: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A fresh Kazakh mobile number, written as people type it (`operator`: 700-702 unless given). */
export const phoneOf = (operator = `70${rand(0, 2)}`) => {
  const d = String(rand(0, 9_999_999)).padStart(7, '0');
  return `+7 ${operator} ${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`;
};

/** The SMS sent to a phone (development outbox), once one contains `containing` (or a code). */
export async function sms(phone: string, containing?: string): Promise<{ body: string; code: string | null }[]> {
  for (let i = 0; i < 60; i++) {
    const res = await loopbackCall('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
    const list = (JSON.parse(res.body) as { messages: { body: string; code: string | null }[] }).messages;
    if (containing ? list.some((x) => x.body.includes(containing)) : list.some((x) => x.code)) return list;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS to ${phone} containing ${containing}`);
}

/**
 * A phone confirmed for a public Kazakh test sitting, through the API: the code sent (purpose
 * kazakh_test) and read as the person reads the SMS. → what the start's body adds.
 */
export async function confirmedTestPhone(): Promise<{ phone: string; smsCode: string }> {
  const phone = phoneOf();
  expect((await loopbackCall('POST', '/api/sms/send', { phone, purpose: 'kazakh_test' })).status).toBe(202);
  const smsCode = (await sms(phone)).find((x) => x.code)?.code;
  if (!smsCode) throw new Error(`no code to ${phone}`);
  return { phone, smsCode };
}

/** Signs up through the API with the SMS code: the phone's registration, then the account (201). */
export async function signUp(kind: 'student' | 'tutor', fields: Record<string, unknown>, opts: { phone?: string; password?: string; locale?: string; from?: string } = {}) {
  const phone = opts.phone ?? phoneOf();
  const password = opts.password ?? 'Qazaq2024sky';
  const via = { locale: opts.locale, from: opts.from };
  expect((await loopbackCall('POST', '/api/sms/send', { phone, purpose: 'register' }, via)).status).toBe(202);
  const code = (await sms(phone))[0]?.code;
  const res = await loopbackCall('POST', `/api/auth/register/${kind}`, { ...fields, phone, code, password, confirm: password, consent: CONSENT_VERSION }, via);
  expect(res.status, res.body).toBe(201);
  return { phone, password, res };
}

/** Set-Cookie lines as Playwright cookies for localhost. */
export function browserCookies(setCookies: string[]) {
  return setCookies
    .map((line) => {
      const [pair, ...attrs] = line.split(';').map((x) => x.trim());
      const [name, ...rest] = pair!.split('=');
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.split('=')[1] ?? '/';
      return { name: name!, value: rest.join('='), domain: 'localhost', path, httpOnly: /httponly/i.test(line), secure: false, sameSite: 'Lax' as const };
    })
    .filter((c) => c.value);
}

/** Registers a student (Айгерим Csp) through the API and returns the session cookies for the browser. */
export async function studentCookies() {
  const { res } = await signUp('student', { name: 'Айгерим', lastname: 'Csp', subject: 'english' }, { phone: phoneOf('707') });
  return browserCookies(res.setCookies);
}

/** Registers a tutor (Гүлнар Csp) through the API and returns the session cookies for the browser. */
export async function tutorCookies() {
  const { res } = await signUp(
    'tutor',
    { tutorKind: 'local', name: 'Гүлнар', lastname: 'Csp', teachingLanguage: 'kk', subject: 'kazakh', email: `tutor-csp-${Date.now()}-${rand(0, 9999)}@example.kz` },
    { phone: phoneOf('708') },
  );
  return browserCookies(res.setCookies);
}
