import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { route, type RouteContext, type RouteOptions } from '@/lib/api/route';
import type { Actor } from '@/lib/audit/log';
import { assertSameOrigin, secureRequest } from '@/lib/auth/http';
import { deviceCookieOptions, deviceFor, newDeviceCookie, STAFF_DEVICE_COOKIE } from '@/lib/auth/device';
import { appSecret } from '@/lib/env';
import { hasScope, type Scope } from '@/lib/validations/staff-scopes';
import { STAFF_ABSOLUTE_S, staffFromSession, type StaffMember } from './sessions';

/**
 * The staff session cookie: HttpOnly, SameSite=Strict (no other site can make a browser send it),
 * `__Host-` over https (no subdomain can set or shadow it). Apart from the students' cookies.
 */
export const STAFF_COOKIE = 'tilmen_staff';
export const STAFF_COOKIE_SECURE = '__Host-tilmen_staff';

export const staffToken = (cookies: { get(name: string): { value: string } | undefined }) =>
  cookies.get(STAFF_COOKIE_SECURE)?.value ?? cookies.get(STAFF_COOKIE)?.value;

export function setStaffCookie(req: NextRequest, res: NextResponse, token: string): NextResponse {
  const secure = secureRequest(req);
  res.cookies.set(secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE, token, { httpOnly: true, secure, sameSite: 'strict', path: '/', maxAge: STAFF_ABSOLUTE_S });
  return res;
}

export function clearStaffCookie(req: NextRequest, res: NextResponse): NextResponse {
  const secure = secureRequest(req);
  for (const name of [STAFF_COOKIE, STAFF_COOKIE_SECURE]) {
    if (name === STAFF_COOKIE_SECURE && !secure) continue;
    res.cookies.set(name, '', { httpOnly: true, secure, sameSite: 'strict', path: '/', maxAge: 0 });
  }
  return res;
}

export const actorOf = (member: StaffMember, ipHash: string): Actor => ({ kind: 'staff', id: member.id, label: member.email, ipHash });

export interface StaffContext extends RouteContext {
  staff: StaffMember;
  /** The caller as the audit log names them. */
  actor: Actor;
}

/**
 * A back-office call: the staff session (401 without one), the scope (403 without it: any one of
 * `scopes`, and `admin` passes everywhere), and for anything but GET the same-origin check on top
 * of the SameSite=Strict cookie. Then the handler, through the one route wrapper.
 */
export function staffRoute(scopes: Scope | readonly Scope[], handler: (ctx: StaffContext) => Promise<unknown>, opts: RouteOptions = {}) {
  return route(async (ctx) => {
    if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') assertSameOrigin(ctx.req);
    const member = await staffFromSession(ctx.db, staffToken(ctx.req.cookies));
    if (!member) throw new ApiError(401, 'unauthorized');
    if (!hasScope(member.scopes, scopes)) throw new ApiError(403, 'forbidden');
    return handler({ ...ctx, staff: member, actor: actorOf(member, ctx.ipHash) });
  }, opts);
}

/** This browser's staff device id for a member (M1: its own bucket of sign-in failures), or null. */
export const staffDeviceOf = (req: NextRequest) => (staffId: number) => deviceFor(req.cookies.get(STAFF_DEVICE_COOKIE)?.value, `staff:${staffId}`, appSecret());

/** Remembers the browser that has just signed in as this member. */
export function setStaffDeviceCookie(req: NextRequest, res: NextResponse, staffId: number): NextResponse {
  res.cookies.set(STAFF_DEVICE_COOKIE, newDeviceCookie(`staff:${staffId}`, appSecret()), deviceCookieOptions(secureRequest(req), '/api/admin/auth/'));
  return res;
}
