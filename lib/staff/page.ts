import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { appSecret, env } from '@/lib/env';
import { clientIp, hashIp } from '@/lib/api/client-ip';
import type { Actor } from '@/lib/audit/log';
import { getDb } from '@/lib/db/client';
import { localePath } from '@/lib/seo';
import { actorOf, staffToken } from './http';
import { hasScope, type Scope } from '@/lib/validations/staff-scopes';
import { staffFromSession, type StaffMember } from './sessions';

/**
 * The signed-in staff member of a back-office page, or null (no redirect: the layout's own use).
 * Once per request: the office layout and the page both ask, and a session look-up also slides
 * its idle deadline (React's `cache` lasts one server render).
 */
export const currentStaff = cache(async (): Promise<StaffMember | null> => staffFromSession(await getDb(), staffToken(await cookies())));

/**
 * Guards a back-office page on the server: signed out goes to the sign-in page (and comes back to
 * `path` after), a missing scope is the 403 page. Returns the member and the audit actor.
 */
export async function requireStaffPage(locale: string, scope: Scope | readonly Scope[], path: string): Promise<{ staff: StaffMember; actor: Actor }> {
  const member = await currentStaff();
  if (!member) redirect(`${localePath(locale, '/admin/sign-in')}?next=${encodeURIComponent(localePath(locale, path))}`);
  if (!hasScope(member.scopes, scope)) forbidden();
  const ip = clientIp(await headers(), env().TRUST_PROXY);
  return { staff: member, actor: actorOf(member, hashIp(ip, appSecret())) };
}
