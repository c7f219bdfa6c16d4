import 'server-only';
import { companies, promoCodes } from './schema';
import type { Db } from './types';

export const DEMO_PROMO_CODE = 'TILMEN10';
/** A corporate client for trying /stud-test/demo and /kazakh-test/demo. */
export const DEMO_COMPANY = { slug: 'demo', name: 'Demo Company LLP' } as const;

/** Idempotent: safe on every start. */
export async function seed(db: Db): Promise<void> {
  await db
    .insert(promoCodes)
    .values([
      {
        code: DEMO_PROMO_CODE,
        percentOff: 10,
        // 1 January 2026 to 31 December 2028, the school's days (midnight and 23:59:59 in Almaty).
        validFrom: new Date('2025-12-31T19:00:00Z'),
        validUntil: new Date('2028-12-31T18:59:59Z'),
        maxUses: 10_000,
        plans: [],
      },
      {
        code: 'INTENSIVE15',
        percentOff: 15,
        validFrom: new Date('2025-12-31T19:00:00Z'),
        validUntil: new Date('2028-12-31T18:59:59Z'),
        maxUses: 500,
        plans: ['intensive'],
      },
    ])
    .onConflictDoNothing({ target: promoCodes.code });
  await db.insert(companies).values(DEMO_COMPANY).onConflictDoNothing({ target: companies.slug });
}
