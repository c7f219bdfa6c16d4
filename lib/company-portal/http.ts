import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { route, type RouteContext, type RouteOptions } from '@/lib/api/route';
import type { Actor } from '@/lib/audit/log';
import { assertSameOrigin, secureRequest } from '@/lib/auth/http';
import { COMPANY_DEVICE_COOKIE, deviceCookieOptions, deviceFor, newDeviceCookie } from '@/lib/auth/device';
import { appSecret } from '@/lib/env';
import { COMPANY_ABSOLUTE_S, companyFromSession, type CompanyMember } from './sessions';

/** The HR session cookie, apart from the staff and student ones: HttpOnly, SameSite=Strict, `__Host-` over https. */
export const COMPANY_COOKIE = 'tilmen_company';
export const COMPANY_COOKIE_SECURE = '__Host-tilmen_company';

export const companyToken = (cookies: { get(name: string): { value: string } | undefined }) =>
  cookies.get(COMPANY_COOKIE_SECURE)?.value ?? cookies.get(COMPANY_COOKIE)?.value;

export function setCompanyCookie(req: NextRequest, res: NextResponse, token: string): NextResponse {
  const secure = secureRequest(req);
  res.cookies.set(secure ? COMPANY_COOKIE_SECURE : COMPANY_COOKIE, token, { httpOnly: true, secure, sameSite: 'strict', path: '/', maxAge: COMPANY_ABSOLUTE_S });
  return res;
}

export function clearCompanyCookie(req: NextRequest, res: NextResponse): NextResponse {
  const secure = secureRequest(req);
  for (const name of [COMPANY_COOKIE, COMPANY_COOKIE_SECURE]) {
    if (name === COMPANY_COOKIE_SECURE && !secure) continue;
    res.cookies.set(name, '', { httpOnly: true, secure, sameSite: 'strict', path: '/', maxAge: 0 });
  }
  return res;
}

export const companyActor = (member: CompanyMember, ipHash: string): Actor => ({ kind: 'company', id: member.userId, label: member.email, ipHash });

export interface CompanyContext extends RouteContext {
  member: CompanyMember;
  /** The one company this call may touch: from the session, never from the request. */
  companyId: number;
  actor: Actor;
}

/**
 * A portal call: the HR session (401 without one), same-origin for anything but GET, and the
 * company taken from the session. Handlers look records up with `companyId` in the WHERE clause,
 * so another company's record is a 404, exactly like one that does not exist.
 */
export function companyRoute(handler: (ctx: CompanyContext) => Promise<unknown>, opts: RouteOptions = {}) {
  return route(async (ctx) => {
    if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') assertSameOrigin(ctx.req);
    const member = await companyFromSession(ctx.db, companyToken(ctx.req.cookies));
    if (!member) throw new ApiError(401, 'unauthorized');
    return handler({ ...ctx, member, companyId: member.companyId, actor: companyActor(member, ctx.ipHash) });
  }, opts);
}

/** This browser's HR device id for a user (M1: its own bucket of sign-in failures), or null. */
export const companyDeviceOf = (req: NextRequest) => (userId: number) => deviceFor(req.cookies.get(COMPANY_DEVICE_COOKIE)?.value, `company:${userId}`, appSecret());

/** Remembers the browser that has just signed in as this HR person. */
export function setCompanyDeviceCookie(req: NextRequest, res: NextResponse, userId: number): NextResponse {
  res.cookies.set(COMPANY_DEVICE_COOKIE, newDeviceCookie(`company:${userId}`, appSecret()), deviceCookieOptions(secureRequest(req), '/api/company/auth/'));
  return res;
}
