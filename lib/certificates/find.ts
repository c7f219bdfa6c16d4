import 'server-only';
import { shortName } from '@/lib/mask';
// The public view of one certificate by its number (/certificate/{number}, lib/certificates/lookup.ts).
import { eq } from 'drizzle-orm';
import { ANONYMISED } from '@/lib/db/anonymised';
import { certificates } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { CERTIFICATE_NUMBER_RE } from './number';

export interface PublicCertificate {
  number: string;
  /**
   * First name and the initial of the last name: enough to confirm, not enough to profile. Null once
   * the taker's data were anonymised under the retention period (the page says the name was removed).
   */
  name: string | null;
  level: string;
  levelName: string;
  companyName: string | null;
  issuedAt: Date;
  /** Whether the taker was matched on the employer's roster when the sitting started (invitation or roster-only form). */
  identityChecked: boolean;
  /** Revoked by the school: the page says so and when (the reason stays in the back office). */
  revokedAt: Date | null;
}


export async function findCertificate(db: Db, number: string): Promise<PublicCertificate | null> {
  const normalized = number.trim().toUpperCase();
  if (!CERTIFICATE_NUMBER_RE.test(normalized)) return null;
  const [c] = await db.select().from(certificates).where(eq(certificates.number, normalized)).limit(1);
  if (!c) return null;
  return {
    number: c.number,
    name: c.firstName === ANONYMISED && c.lastName === ANONYMISED ? null : shortName(c.firstName, c.lastName),
    level: c.level,
    levelName: c.levelName,
    companyName: c.companyName,
    issuedAt: c.issuedAt,
    identityChecked: c.identityChecked,
    revokedAt: c.revokedAt,
  };
}
