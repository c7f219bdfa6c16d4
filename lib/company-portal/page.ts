import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { clientIp, hashIp } from '@/lib/api/client-ip';
import type { Actor } from '@/lib/audit/log';
import { getDb } from '@/lib/db/client';
import { appSecret, env } from '@/lib/env';
import { localePath } from '@/lib/seo';
import { companyActor, companyToken } from './http';
import { companyFromSession, type CompanyMember } from './sessions';

/** The signed-in HR person of a portal page, or null. */
export async function currentCompanyMember(): Promise<CompanyMember | null> {
  return companyFromSession(await getDb(), companyToken(await cookies()));
}

/**
 * Guards a portal page on the server: signed out goes to the sign-in page (and back to `path`
 * after). The company is the session's; a page never reads it from its URL.
 */
export async function requireCompanyPage(locale: string, path: string): Promise<{ member: CompanyMember; actor: Actor }> {
  const member = await currentCompanyMember();
  if (!member) redirect(`${localePath(locale, '/company/sign-in')}?next=${encodeURIComponent(localePath(locale, path))}`);
  const ip = clientIp(await headers(), env().TRUST_PROXY);
  return { member, actor: companyActor(member, hashIp(ip, appSecret())) };
}
