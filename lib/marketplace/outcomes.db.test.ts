import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonAttendanceCorrections, lessons, users } from '@/lib/db/schema';
import { correctAttendance, settleEndedLessons } from '@/lib/lessons/attendance';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { trialFigures } from './admin';
import { rateLesson } from '@/lib/lessons/booking';

const H = 3_600_000;

/**
 * After a trial (audit, issue 14 #14: built, untested): the tutor marks it held or not held with who
 * did not come, the student rates a held lesson once, and the back office's figures follow.
 */
describe(`lesson outcomes and the trial figures (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('mark, no-show, rating and the per-tutor figures', async () => {
    const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
    const tutor = await row(await insertTestUser(t.db, { phone: '+77019991001', role: 'tutor', name: 'Асель', lastname: 'Тутор' }));
    const s1 = await row(await insertTestUser(t.db, { phone: '+77019991002' }));
    const s2 = await row(await insertTestUser(t.db, { phone: '+77019991003' }));
    const s3 = await row(await insertTestUser(t.db, { phone: '+77019991004' }));
    const now = new Date('2026-05-20T12:00:00Z');
    const lesson = async (studentId: number, startsAt: Date, extra: Partial<typeof lessons.$inferInsert> = {}) =>
      (await t.db.insert(lessons).values({ tutorId: tutor.id, studentId, subject: 'english', status: 'booked', startsAt, endsAt: new Date(startsAt.getTime() + H / 2), ...extra }).returning())[0]!;
    const past = await lesson(s1.id, new Date(now.getTime() - 3 * H));
    const missed = await lesson(s2.id, new Date(now.getTime() - 2 * H));
    const future = await lesson(s3.id, new Date(now.getTime() + 5 * H));
    await lesson(s3.id, new Date(now.getTime() - 30 * H), { subject: 'kazakh', status: 'cancelled', cancelledBy: 'student', cancelledAt: now });

    // Only the lesson's tutor marks, only after the start; a mark is a correction with a reason.
    const mark = (who: typeof tutor, id: number, outcome: 'held' | 'not_held', noShow?: 'student') => correctAttendance(t.db, who, id, { outcome, noShow, reason: 'Связь через телефон' }, now);
    await expect(mark(s1, past.id, 'held')).rejects.toMatchObject({ status: 404 });
    await expect(mark(tutor, future.id, 'held')).rejects.toMatchObject({ status: 409 });
    expect(await mark(tutor, past.id, 'held')).toMatchObject({ status: 'held', noShow: null });
    expect(await mark(tutor, missed.id, 'not_held', 'student')).toMatchObject({ status: 'not_held', noShow: 'student' });
    // The facts: nobody opened the rooms, so the job finds both not held; the tutor's marks stay.
    expect(await settleEndedLessons(t.db, now)).toBe(0);
    const [settled] = await t.db.select().from(lessons).where(eq(lessons.id, past.id));
    expect(settled).toMatchObject({ status: 'held', factStatus: 'not_held', factNoShow: 'both' });
    // Every correction is kept with its reason; too late to correct a week after the end.
    expect(await t.db.select().from(lessonAttendanceCorrections).where(eq(lessonAttendanceCorrections.lessonId, past.id))).toMatchObject([{ byUserId: tutor.id, fromStatus: 'booked', status: 'held', reason: 'Связь через телефон' }]);
    await expect(correctAttendance(t.db, tutor, past.id, { outcome: 'held', reason: 'ещё раз' }, new Date(now.getTime() + 8 * 24 * H))).rejects.toMatchObject({ status: 409, code: 'correction_closed' });

    // Only the student of a held lesson rates it, once.
    await expect(rateLesson(t.db, tutor, past.id, 5, undefined, now)).rejects.toMatchObject({ status: 404 });
    await expect(rateLesson(t.db, s2, missed.id, 5, undefined, now)).rejects.toMatchObject({ status: 409 });
    expect(await rateLesson(t.db, s1, past.id, 4, 'Понятно объясняет', now)).toMatchObject({ rating: 4, ratingComment: 'Понятно объясняет' });
    await expect(rateLesson(t.db, s1, past.id, 5, undefined, now)).rejects.toMatchObject({ status: 409 });

    const [fig] = await trialFigures(t.db, new Date(now.getTime() - 48 * H), new Date(now.getTime() + 48 * H));
    // The figures count the facts, not the marks: both ended lessons were empty rooms (no-show both), one held by the tutor's word is "corrected".
    expect(fig).toMatchObject({ tutorId: tutor.id, booked: 4, held: 0, notHeld: 2, studentNoShow: 2, tutorNoShow: 2, corrected: 2, cancelled: 1, cancelledByStudent: 1, rating: 4 });
    expect(fig!.conversion).toBe(0);
  });
});
