import http from 'node:http';
import { expect } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';

// Signing in through the API for specs that only need someone signed in (not the sign-in UI itself).

const PORT = Number(process.env.E2E_PORT ?? 3100);
const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A call from its own loopback address, so per-IP limits are not shared with other tests. */
export function loopbackCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: string; setCookies: string[] }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method,
        localAddress: `127.0.${rand(0, 255)}.${rand(2, 254)}`,
        headers: { host: `localhost:${PORT}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
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
  const digits = String(rand(0, 9_999_999)).padStart(7, '0');
  const phone = `+7 707 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
  expect((await loopbackCall('POST', '/api/sms/send', { phone, purpose: 'register' })).status).toBe(202);
  const outbox = await loopbackCall('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  const code = (JSON.parse(outbox.body) as { messages: { code: string | null }[] }).messages[0]?.code;
  const password = 'Qazaq2024sky';
  const res = await loopbackCall('POST', '/api/auth/register/student', {
    name: 'Айгерим',
    lastname: 'Csp',
    subject: 'english',
    phone,
    code,
    password,
    confirm: password,
    consent: CONSENT_VERSION,
  });
  expect(res.status, res.body).toBe(201);
  return browserCookies(res.setCookies);
}

/** Registers a tutor (Гүлнар Csp) through the API and returns the session cookies for the browser. */
export async function tutorCookies() {
  const digits = String(rand(0, 9_999_999)).padStart(7, '0');
  const phone = `+7 708 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
  expect((await loopbackCall('POST', '/api/sms/send', { phone, purpose: 'register' })).status).toBe(202);
  const outbox = await loopbackCall('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  const code = (JSON.parse(outbox.body) as { messages: { code: string | null }[] }).messages[0]?.code;
  const password = 'Qazaq2024sky';
  const res = await loopbackCall('POST', '/api/auth/register/tutor', {
    tutorKind: 'local',
    name: 'Гүлнар',
    lastname: 'Csp',
    teachingLanguage: 'kk',
    subject: 'kazakh',
    email: `tutor-csp-${Date.now()}-${rand(0, 9999)}@example.kz`,
    phone,
    code,
    password,
    confirm: password,
    consent: CONSENT_VERSION,
  });
  expect(res.status, res.body).toBe(201);
  return browserCookies(res.setCookies);
}
