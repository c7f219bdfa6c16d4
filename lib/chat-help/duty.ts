import 'server-only';
// Tutors' chat duty (docs/chat-help.md, "Duty"): an approved tutor opts in with the subjects they
// answer (of their published profile's) and weekly hours in the school's time; while the hours run
// and the duty is on, they see the open questions of those subjects and may take one.
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { isBookableTutor, type Standing } from '@/lib/auth/scope';
import { chatHelpDuty, users, type ChatHelpSubject } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { bookableUserSql } from '@/lib/lessons/availability';
import { tutorSubjects } from '@/lib/lessons/booking';
import type { ChatDutyInput } from '@/lib/validations/chat-help';
import { withinWeekly } from './rules';

export type Duty = typeof chatHelpDuty.$inferSelect;

/** A tutor who may take chat duty: the one a student may book (`isBookableTutor`). */
export const canServe = (user: Standing): boolean => isBookableTutor(user);

/** Whether a duty answers `subject` at `now` (on, the subject its, the hour in its weekly ranges). */
export const onDutyFor = (duty: Pick<Duty, 'active' | 'subjects' | 'weekly'> | null, subject: ChatHelpSubject, now: Date): boolean =>
  !!duty && duty.active && duty.subjects.includes(subject) && withinWeekly(duty.weekly, now);

/** A tutor's own duty (null before the first save): 403 for anyone not an approved tutor. */
export async function ownDuty(db: Db, tutor: { id: number; scope: string | null; blockedAt: Date | null }): Promise<{ duty: Duty | null }> {
  if (!canServe(tutor)) throw new ApiError(403, 'forbidden');
  return { duty: await dutyOf(db, tutor.id) };
}

export async function dutyOf(db: Db, tutorId: number): Promise<Duty | null> {
  const [row] = await db.select().from(chatHelpDuty).where(eq(chatHelpDuty.tutorId, tutorId)).limit(1);
  return row ?? null;
}

/** Saves a tutor's duty: 403 `forbidden` for anyone not an approved tutor; 422 `subject_not_offered` for a subject not on their profile. */
export async function saveDuty(db: Db, tutor: { id: number; scope: string | null; blockedAt: Date | null; subject: string | null }, input: ChatDutyInput, now = new Date()): Promise<Duty> {
  if (!canServe(tutor)) throw new ApiError(403, 'forbidden');
  const offered = await tutorSubjects(db, tutor);
  if (input.subjects.some((s) => !offered.includes(s))) throw new ApiError(422, 'subject_not_offered', { subjects: 'subject_not_offered' });
  const values = { subjects: input.subjects, weekly: input.weekly, active: input.active, updatedAt: now };
  const [row] = await db
    .insert(chatHelpDuty)
    .values({ tutorId: tutor.id, ...values })
    .onConflictDoUpdate({ target: chatHelpDuty.tutorId, set: values })
    .returning();
  return row!;
}

/** The tutors on duty for a subject at `now` (approved, not blocked): the duty table is small, read whole per subject. */
export async function tutorsOnDuty(db: Db, subject: ChatHelpSubject, now: Date): Promise<number[]> {
  const rows = await db
    .select({ tutorId: chatHelpDuty.tutorId, active: chatHelpDuty.active, subjects: chatHelpDuty.subjects, weekly: chatHelpDuty.weekly })
    .from(chatHelpDuty)
    .innerJoin(users, eq(users.id, chatHelpDuty.tutorId))
    .where(and(eq(chatHelpDuty.active, true), bookableUserSql(), sql`${chatHelpDuty.subjects} @> ${JSON.stringify([subject])}::jsonb`));
  return rows.filter((r) => onDutyFor(r, subject, now)).map((r) => r.tutorId);
}
