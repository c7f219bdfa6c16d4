import { desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { outbox } from '@/lib/db/schema';
import { issueCode } from '@/lib/sms/codes';
import { codeInBody } from '@/lib/outbox/sms-code';
import { dbLabel, useTestDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { POST as emailPost } from './route';
import { POST as confirmPost } from './confirm/route';
import { POST as studentPost } from '../register/student/route';
import { GET as userGet } from '../user/route';

let n = 500;
const phone = () => `+7 705 ${String(100 + n++)} ${String(n % 100).padStart(2, '0')} ${String((n * 7) % 100).padStart(2, '0')}`;

interface Me {
  email: string | null;
  pendingEmail: string | null;
}

describe(`the cabinet's e-mail: pending until its link is opened, the newest one wins (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  async function register(extra: object = {}): Promise<string> {
    const p = phone();
    const r = await issueCode(t.db, { phone: p, purpose: 'register', ipHash: `ip-${n}` });
    if (!r.ok) throw new Error(r.reason);
    const [sms] = await t.db.select().from(outbox).where(eq(outbox.id, r.outboxId));
    const body = { name: 'Дана', lastname: 'Омарова', subject: 'english', phone: p, code: codeInBody(sms!.body), password: 'Saryarqa-2026', confirm: 'Saryarqa-2026', consent: CONSENT_VERSION, ...extra };
    const res = await studentPost(jsonRequest('/api/auth/register/student', body));
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { token: string }).token;
  }
  const withBearer = (req: NextRequest, token: string) => {
    req.headers.set('authorization', `Bearer ${token}`);
    return req;
  };
  const ask = (token: string, email: string) => emailPost(withBearer(jsonRequest('/api/auth/email', { email }), token));
  const me = async (token: string): Promise<Me> => {
    const res = await userGet(withBearer(new NextRequest('http://localhost/api/auth/user'), token));
    expect(res.status).toBe(200);
    return ((await res.json()) as { user: Me }).user;
  };
  async function linkTo(address: string) {
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, address)).orderBy(desc(outbox.id)).limit(1);
    return /email-confirm\?token=([\w-]+)/.exec(mail?.body ?? '')![1]!;
  }
  const confirm = (token: string) => confirmPost(jsonRequest('/api/auth/email/confirm', { token }));

  it('the address given at registration shows as pending, then as the e-mail once confirmed', async () => {
    const token = await register({ email: 'Wizard.Pending@Example.kz' });
    expect(await me(token)).toMatchObject({ email: null, pendingEmail: 'wizard.pending@example.kz' });
    expect((await confirm(await linkTo('wizard.pending@example.kz'))).status).toBe(200);
    expect(await me(token)).toMatchObject({ email: 'wizard.pending@example.kz', pendingEmail: null });
  });

  it('a change asked for twice: only the newest link works, the confirmed address stays until then', async () => {
    const token = await register({ email: 'first@example.kz' });
    await confirm(await linkTo('first@example.kz'));
    expect((await ask(token, 'second@example.kz')).status).toBe(202);
    expect((await ask(token, 'third@example.kz')).status).toBe(202);
    expect(await me(token)).toMatchObject({ email: 'first@example.kz', pendingEmail: 'third@example.kz' });
    const stale = await confirm(await linkTo('second@example.kz'));
    expect(stale.status).toBe(410);
    expect(await me(token)).toMatchObject({ email: 'first@example.kz', pendingEmail: 'third@example.kz' });
    expect((await confirm(await linkTo('third@example.kz'))).status).toBe(200);
    expect(await me(token)).toMatchObject({ email: 'third@example.kz', pendingEmail: null });
  });

  it('asking again for the address the account already has leaves nothing pending', async () => {
    const token = await register({ email: 'same@example.kz' });
    await confirm(await linkTo('same@example.kz'));
    expect((await ask(token, 'SAME@example.kz')).status).toBe(202);
    expect(await me(token)).toMatchObject({ email: 'same@example.kz', pendingEmail: null });
  });

  it('another account confirming the address first does not touch this one', async () => {
    const mine = await register({ email: 'contested@example.kz' });
    const theirs = await register({ email: 'contested@example.kz' });
    expect((await confirm(await linkTo('contested@example.kz'))).status).toBe(200); // the newest mail: theirs
    expect(await me(theirs)).toMatchObject({ email: 'contested@example.kz', pendingEmail: null });
    expect(await me(mine)).toMatchObject({ email: null, pendingEmail: 'contested@example.kz' });
  });
});
