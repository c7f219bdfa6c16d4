import 'server-only';
import { sentNotices } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/**
 * Claims a notice's key (`payout-due:2026-10`): true the first time, false ever after. Call it in the
 * transaction that enqueues the notice, so a pass that fails sends nothing and claims nothing.
 */
export async function claimNotice(tx: Db, key: string, now = new Date()): Promise<boolean> {
  const rows = await tx.insert(sentNotices).values({ key, sentAt: now }).onConflictDoNothing().returning({ key: sentNotices.key });
  return rows.length > 0;
}
