import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { addScope, TUTOR_BOOKABLE } from '@/lib/auth/scope';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { checkKzMobile } from '@/lib/phone';

/**
 * Development and e2e only (the route is behind ENABLE_DEV_TOOLS): makes the tutor with this phone
 * bookable at once, as an approved and complete profile would (lib/review/bookable.ts).
 */
export async function makeBookableForDev(db: Db, phone: string): Promise<{ id: number }> {
  const e164 = checkKzMobile(phone);
  if (!e164.ok) throw new ApiError(422, 'validation_failed', { phone: 'phone_invalid' });
  const [user] = await db.select({ id: users.id, role: users.role, scope: users.scope }).from(users).where(eq(users.phone, e164.e164)).limit(1);
  if (!user || user.role !== 'tutor') throw new ApiError(404, 'not_found');
  await db.update(users).set({ scope: addScope(addScope(user.scope, 'tutor'), TUTOR_BOOKABLE) }).where(eq(users.id, user.id));
  return { id: user.id };
}
