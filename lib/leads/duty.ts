import 'server-only';
import { eq } from 'drizzle-orm';
import { audit, type Actor } from '@/lib/audit/log';
import { staff } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';

/** A sales member going on or off duty (round-robin and the unassigned callbacks' reminders follow it). */
export async function setOwnDuty(db: Db, actor: Actor & { id: number }, onDuty: boolean) {
  return transaction(db, async (tx) => {
    const [before] = await tx.select({ onDuty: staff.onDuty }).from(staff).where(eq(staff.id, actor.id)).for('update').limit(1);
    await tx.update(staff).set({ onDuty }).where(eq(staff.id, actor.id));
    await audit(tx, actor, { action: 'staff.duty', entity: 'staff', entityId: actor.id, before: { onDuty: before?.onDuty ?? null }, after: { onDuty } });
    return { onDuty };
  });
}

export async function ownDuty(db: Db, staffId: number): Promise<boolean> {
  const [row] = await db.select({ onDuty: staff.onDuty }).from(staff).where(eq(staff.id, staffId)).limit(1);
  return row?.onDuty ?? false;
}
