import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessons, users } from '@/lib/db/schema';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { trialFigures } from './admin';
import { markLesson, rateLesson } from './booking';

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

    // Only the lesson's tutor marks, only after the start, only once.
    await expect(markLesson(t.db, s1, past.id, 'held', undefined, now)).rejects.toMatchObject({ status: 404 });
    await expect(markLesson(t.db, tutor, future.id, 'held', undefined, now)).rejects.toMatchObject({ status: 409 });
    expect(await markLesson(t.db, tutor, past.id, 'held', undefined, now)).toMatchObject({ status: 'held', noShow: null });
    await expect(markLesson(t.db, tutor, past.id, 'not_held', 'student', now)).rejects.toMatchObject({ status: 409 });
    expect(await markLesson(t.db, tutor, missed.id, 'not_held', 'student', now)).toMatchObject({ status: 'not_held', noShow: 'student' });

    // Only the student of a held lesson rates it, once.
    await expect(rateLesson(t.db, tutor, past.id, 5, undefined, now)).rejects.toMatchObject({ status: 404 });
    await expect(rateLesson(t.db, s2, missed.id, 5, undefined, now)).rejects.toMatchObject({ status: 409 });
    expect(await rateLesson(t.db, s1, past.id, 4, 'Понятно объясняет', now)).toMatchObject({ rating: 4, ratingComment: 'Понятно объясняет' });
    await expect(rateLesson(t.db, s1, past.id, 5, undefined, now)).rejects.toMatchObject({ status: 409 });

    const [fig] = await trialFigures(t.db, new Date(now.getTime() - 48 * H), new Date(now.getTime() + 48 * H));
    expect(fig).toMatchObject({ tutorId: tutor.id, booked: 4, held: 1, notHeld: 1, studentNoShow: 1, tutorNoShow: 0, cancelled: 1, cancelledByStudent: 1, rating: 4 });
    // Held ÷ (booked − cancelled by the student): 1 of 3.
    expect(fig!.conversion).toBeCloseTo(1 / 3, 5);
  });
});
