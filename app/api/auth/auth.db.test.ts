import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/lib/auth/password';
import { users } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, useAsAppDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { POST as loginPost } from './login/route';
import { POST as logoutPost } from './logout/route';
import { GET as userGet } from './user/route';
import { POST as refreshPost } from '../member/refresh/route';

const PASSWORD = 'Kokzhiek2026';
const login = (body: object, ip = '198.51.100.7') => loginPost(jsonRequest('/api/auth/login', body, { ip, locale: 'en' }));
const cookieOf = (res: Response, name: string) =>
  res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const withCookie = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost${path}`, { method: 'POST', headers: { cookie, origin: 'http://localhost', ...headers } });

describe(`login, tokens and sessions over the API (${dbLabel()})`, () => {
  let t: OpenDb;
  beforeAll(async () => {
    t = await createTestDb();
    useAsAppDb(t);
    await t.db.insert(users).values([
      { role: 'student', name: 'Aru', lastname: 'S', phone: '+77011112233', email: 'aru@example.kz', passwordHash: await hashPassword(PASSWORD) },
      { role: 'tutor', scope: 'tutor', name: 'Old', lastname: 'H', phone: '+77011112244', passwordHash: await hash(PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 }) },
      { role: 'student', name: 'Lock', lastname: 'L', phone: '+77011112255', email: 'lock@example.kz', passwordHash: await hashPassword(PASSWORD) },
      { role: 'student', name: 'Reset', lastname: 'R', phone: '+77011112266', passwordHash: await hashPassword(PASSWORD) },
      { role: 'student', name: 'Sess', lastname: 'S', phone: '+77011112277', passwordHash: await hashPassword(PASSWORD) },
    ]);
  });
  afterAll(() => t.close());

  it('signs in by phone in any usual form: token, HttpOnly refresh cookie on /api/, auth marker', async () => {
    const res = await login({ login: '8 701 111 22 33', password: PASSWORD });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(token).toMatch(/^v1\./);
    const rt = cookieOf(res, 'tilmen_rt')!;
    expect(rt).toMatch(/HttpOnly/i);
    expect(rt).toMatch(/Path=\/api\//);
    expect(rt).toMatch(/SameSite=lax/i);
    expect(cookieOf(res, 'auth')).toMatch(/^auth=1;.*Path=\/;/);
    const me = await userGet(new NextRequest('http://localhost/api/auth/user', { headers: { authorization: `Bearer ${token}` } }));
    expect(await me.json()).toMatchObject({ user: { phone: '+77011112233', scope: 'student', role: 'student' } });
  });

  it('signs in by e-mail, whatever its case', async () => {
    expect((await login({ login: 'ARU@Example.KZ', password: PASSWORD })).status).toBe(200);
  });

  it('answers a wrong password and an unknown account exactly alike', async () => {
    const wrong = await login({ login: '+7 701 111 22 33', password: 'Wrong-pass-1' }, '198.51.100.8');
    const unknown = await login({ login: '+7 701 999 99 99', password: 'Wrong-pass-1' }, '198.51.100.8');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
  });

  it('locks an account after 5 failures, whatever the e-mail case; other accounts are unaffected', async () => {
    const statuses = [];
    for (const variant of ['lock@example.kz', 'LOCK@example.kz', 'Lock@Example.kz', 'lock@EXAMPLE.KZ', 'LOCK@EXAMPLE.KZ']) {
      statuses.push((await login({ login: variant, password: 'Wrong-pass-1' }, '198.51.100.9')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await login({ login: 'lock@example.kz', password: PASSWORD }, '198.51.100.10');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login({ login: 'aru@example.kz', password: PASSWORD }, '198.51.100.9')).status).toBe(200);
  });

  it('a success clears the failure count', async () => {
    for (let i = 0; i < 4; i++) await login({ login: '+77011112266', password: 'Wrong-pass-1' }, '198.51.100.11');
    expect((await login({ login: '+77011112266', password: PASSWORD }, '198.51.100.11')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ login: '+77011112266', password: 'Wrong-pass-1' }, '198.51.100.11')).status).toBe(401);
  });

  it('rehashes a password stored with old parameters', async () => {
    expect((await login({ login: '+77011112244', password: PASSWORD }, '198.51.100.12')).status).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.phone, '+77011112244'));
    expect(u!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refresh rotates; replaying the old cookie ends the session family', async () => {
    const res = await login({ login: '+77011112277', password: PASSWORD }, '198.51.100.13');
    const first = cookieOf(res, 'tilmen_rt')!.split(';')[0]!;
    const r1 = await refreshPost(withCookie('/api/member/refresh', first));
    expect(r1.status).toBe(200);
    const second = cookieOf(r1, 'tilmen_rt')!.split(';')[0]!;
    expect(second).not.toBe(first);
    expect(((await r1.json()) as { token: string }).token).toMatch(/^v1\./);
    const replay = await refreshPost(withCookie('/api/member/refresh', first));
    expect(replay.status).toBe(401);
    expect((await refreshPost(withCookie('/api/member/refresh', second))).status).toBe(401);
  });

  it('refuses refresh and logout sent from another site', async () => {
    const res = await login({ login: '+77011112277', password: PASSWORD }, '198.51.100.14');
    const rt = cookieOf(res, 'tilmen_rt')!.split(';')[0]!;
    expect((await refreshPost(withCookie('/api/member/refresh', rt, { origin: 'https://evil.example' }))).status).toBe(403);
    expect((await logoutPost(withCookie('/api/auth/logout', rt, { origin: 'https://evil.example' }))).status).toBe(403);
  });

  it('logout revokes the session and clears both cookies', async () => {
    const res = await login({ login: '+77011112277', password: PASSWORD }, '198.51.100.15');
    const rt = cookieOf(res, 'tilmen_rt')!.split(';')[0]!;
    const out = await logoutPost(withCookie('/api/auth/logout', rt));
    expect(out.status).toBe(200);
    expect(cookieOf(out, 'tilmen_rt')).toMatch(/Max-Age=0/);
    expect(cookieOf(out, 'auth')).toMatch(/Max-Age=0/);
    expect((await refreshPost(withCookie('/api/member/refresh', rt))).status).toBe(401);
  });

  it('the user call needs a valid bearer token', async () => {
    expect((await userGet(new NextRequest('http://localhost/api/auth/user'))).status).toBe(401);
    expect((await userGet(new NextRequest('http://localhost/api/auth/user', { headers: { authorization: 'Bearer v1.abc.def' } }))).status).toBe(401);
  });
});
