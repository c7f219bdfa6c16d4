import 'server-only';
import { clientIp, hashIp } from '@/lib/api/client-ip';
import type { Db } from '@/lib/db/types';
import { appSecret, env } from '@/lib/env';
import { findCertificate, type PublicCertificate } from './find';
import { hit } from '@/lib/rate-limit';

/**
 * The public verification page's look-up. Every look-up counts against the caller's address, found
 * or not, well-formed or not: a person checks a few certificates, a script walking the number space
 * is stopped (30 per 10 minutes; the number has 40 random bits, so guessing was never practical,
 * but nor is the page a free oracle). Over the limit nothing is looked up.
 */
export const LOOKUP_LIMIT = { max: 30, windowSeconds: 600 } as const;

export type CertificateLookup = { status: 'found'; certificate: PublicCertificate } | { status: 'not_found' } | { status: 'limited' };

/** The keyed hash of the caller's address, read from request headers as the API routes do. */
export function addressHash(headers: Headers): string {
  return hashIp(clientIp(headers, env().TRUST_PROXY), appSecret());
}

export async function lookupCertificate(db: Db, ipHash: string, number: string): Promise<CertificateLookup> {
  const limit = await hit(db, { key: `cert:lookup:ip:${ipHash}`, ...LOOKUP_LIMIT });
  if (!limit.allowed) return { status: 'limited' };
  const certificate = await findCertificate(db, number.slice(0, 40));
  return certificate ? { status: 'found', certificate } : { status: 'not_found' };
}
