import { NextRequest } from 'next/server';
import type { Db } from '@/lib/db/types';
import { createStaffMember } from '@/lib/staff/accounts';
import { finishEnrolment, openEnrolment } from '@/lib/staff/enrol';
import type { Scope } from '@/lib/validations/staff-scopes';
import { totpCode } from '@/lib/crypto/totp';
import { nextIp } from './http';

/**
 * An enrolled staff member with a live session, made through the real enrolment (link, secret,
 * first code). `cookie` is what the browser would send; `code()` what the app would show at a time.
 */
export async function enrolledStaff(db: Db, opts: { email: string; scopes: Scope[]; name?: string; password?: string }) {
  const { id, token } = await createStaffMember(db, { email: opts.email, name: opts.name ?? 'Staff Member', scopes: opts.scopes, invitedBy: null });
  const { secret } = await openEnrolment(db, token);
  // Enrolment spends the current step; the first sign-in code of a test is then the next step's.
  const done = await finishEnrolment(db, { token, password: opts.password ?? 'Staff-Passw0rd', code: await totpCode(secret), ipHash: 'test' });
  return {
    id,
    secret,
    recoveryCodes: done.recoveryCodes,
    cookie: `tilmen_staff=${done.session}`,
    code: (at = Date.now()) => totpCode(secret, at),
  };
}

/** A back-office call as the browser makes it: same-origin, with the staff cookie (if any). */
export function staffRequest(path: string, opts: { method?: string; body?: unknown; cookie?: string; locale?: string; ip?: string } = {}): NextRequest {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': opts.ip ?? nextIp(), origin: 'http://localhost' });
  if (opts.cookie) headers.set('cookie', opts.cookie);
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  return new NextRequest(`http://localhost${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

/** Calls a route handler with its dynamic segments, as Next does. */
export type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export const call = (handler: unknown, req: NextRequest, params: Record<string, string> = {}) => (handler as Handler)(req, { params: Promise.resolve(params) });
