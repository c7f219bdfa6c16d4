import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { addScope, TUTOR_BOOKABLE } from '@/lib/auth/scope';
import { tutorApplications, tutorProfiles, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { checkKzMobile } from '@/lib/phone';
import { emptyProfile } from '@/lib/validations/tutor-profile';

/**
 * Development and e2e only (the route is behind ENABLE_DEV_TOOLS): makes the tutor with this phone
 * bookable at once, as an approved and complete profile would (lib/review/bookable.ts). With a
 * `price`, a minimal profile at that price is published too, so packages can be bought from the
 * tutor (the kill -9 check's payments on a database without the demo tutors); with `approved`, the
 * tutor's application is approved as well (e2e/group-room.spec.ts gives the tutor a group).
 */
export async function makeBookableForDev(db: Db, phone: string, price?: number, approved = false): Promise<{ id: number }> {
  const e164 = checkKzMobile(phone);
  if (!e164.ok) throw new ApiError(422, 'validation_failed', { phone: 'phone_invalid' });
  const [user] = await db.select({ id: users.id, role: users.role, scope: users.scope }).from(users).where(eq(users.phone, e164.e164)).limit(1);
  if (!user || user.role !== 'tutor') throw new ApiError(404, 'not_found');
  await db.update(users).set({ scope: addScope(addScope(user.scope, 'tutor'), TUTOR_BOOKABLE) }).where(eq(users.id, user.id));
  if (price) {
    const profile = { ...emptyProfile(), price, subjects: ['english'] as never, teachingLanguages: ['ru'] as never };
    await db
      .insert(tutorProfiles)
      .values({ userId: user.id, slug: `dev-tutor-${user.id}`, draft: profile, published: profile, publishedAt: new Date() })
      .onConflictDoUpdate({ target: tutorProfiles.userId, set: { draft: profile, published: profile, publishedAt: new Date() } });
  }
  // `approved`: the application approved too, as the review would (the back office may then give the tutor groups).
  if (approved) {
    const now = new Date();
    await db
      .insert(tutorApplications)
      .values({ userId: user.id, status: 'approved', reviewDueAt: now, decidedAt: now })
      .onConflictDoUpdate({ target: tutorApplications.userId, set: { status: 'approved', decidedAt: now } });
  }
  return { id: user.id };
}
