import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { hashPassword } from '@/lib/auth/password';
import { users } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import type { jsonRequest } from '@/test/http';
import { nasty as nastyValues, sweep } from '@/test/malformed';
import { POST as postLogin } from './login/route';
import { POST as postEmail } from './email/route';
import { POST as postEmailConfirm } from './email/confirm/route';
import { POST as postPassword } from './password/route';

const nasty = nastyValues(fc.constant('Dala-2026x'));
const loginBody = fc.record({ login: fc.oneof(nasty, fc.constantFrom('+77011110000', 'a@b.kz')), password: nasty, captchaToken: nasty }, { requiredKeys: [] });
const emailBody = fc.record({ email: fc.oneof(nasty, fc.constantFrom('a@b.kz', 'A@B.KZ ', 'not-an-email')) }, { requiredKeys: [] });
const tokenBody = fc.record({ token: fc.oneof(nasty, fc.constant('x'.repeat(43))) }, { requiredKeys: [] });
const passwordBody = fc.record({ current: nasty, password: nasty, confirm: nasty }, { requiredKeys: [] });

describe(`malformed bodies to the account calls never cause a 5xx (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let bearer = '';
  beforeAll(async () => {
    const [user] = await t.db
      .insert(users)
      .values({ role: 'student', name: 'Sweep', lastname: 'S', phone: '+77011110000', passwordHash: await hashPassword('Dala-2026x') })
      .returning();
    bearer = (await openSession(t.db, user!)).accessToken;
  });

  const signedIn = (handler: (req: ReturnType<typeof jsonRequest>) => Promise<Response>) => (req: ReturnType<typeof jsonRequest>) => {
    req.headers.set('authorization', `Bearer ${bearer}`);
    return handler(req);
  };
  const routes = [
    ['/api/auth/login', postLogin, loginBody],
    ['/api/auth/email', signedIn(postEmail), emailBody],
    ['/api/auth/email/confirm', postEmailConfirm, tokenBody],
    ['/api/auth/password', signedIn(postPassword), passwordBody],
  ] as const;

  for (const [path, handler, shaped] of routes) {
    it(`${path}: 50 shaped, 25 arbitrary JSON, 15 raw bodies`, () => sweep(path, handler, shaped as fc.Arbitrary<unknown>), 180_000);
  }
});
