import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/log';
import { tutorApplications, tutorProfiles, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { checkKzMobile } from '@/lib/phone';
import { schoolDateOf } from '@/lib/time/school-clock';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { createGroup, openGroup, setTeachesGroups } from './admin';

const DEV: Actor = { kind: 'system', id: null, label: 'dev-tools', ipHash: null };

/**
 * Development and the kill -9 check only (the route is behind ENABLE_DEV_TOOLS): the tutor with this
 * phone is approved (a draft profile made when it has none) and made to teach groups, and a public English A1 group of `maxSeats` seats and `lessons` weekly
 * lessons at `startMinute` (Almaty) from `daysAhead` days on is created and opened for sale: {id}.
 */
export async function openGroupForDev(db: Db, v: { phone: string; startMinute: number; daysAhead: number; lessons: number; price: number; maxSeats: number }, now = new Date()): Promise<{ id: number }> {
  const e164 = checkKzMobile(v.phone);
  if (!e164.ok) throw new ApiError(422, 'validation_failed', { phone: 'phone_invalid' });
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, e164.e164)).limit(1);
  if (!user || user.role !== 'tutor') throw new ApiError(404, 'not_found');
  await db.insert(tutorApplications).values({ userId: user.id, status: 'approved', reviewDueAt: now, decidedAt: now }).onConflictDoNothing();
  await db.update(tutorApplications).set({ status: 'approved', decidedAt: now }).where(eq(tutorApplications.userId, user.id));
  // A group is given to a tutor with a profile (never published here: the catalogue is not touched).
  await db.insert(tutorProfiles).values({ userId: user.id, slug: `dev-group-tutor-${user.id}`, draft: emptyProfile() }).onConflictDoNothing({ target: tutorProfiles.userId });
  await setTeachesGroups(db, DEV, user.id, true);
  const startDate = schoolDateOf(now.getTime() + v.daysAhead * 86_400_000);
  const weekday = ((new Date(`${startDate}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const group = await createGroup(
    db,
    DEV,
    { subject: 'english', level: 'A1', ageBand: 'adults', tutorId: user.id, weekdays: [weekday], startTime: v.startMinute, durationMinutes: 60, startDate, lessons: v.lessons, minSeats: 1, maxSeats: v.maxSeats, pricePerLesson: v.price, description: '', companyId: null },
    now,
  );
  await openGroup(db, DEV, group.id, now);
  return { id: group.id };
}
