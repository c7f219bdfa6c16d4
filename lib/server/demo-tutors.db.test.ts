import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { reviewFigures, salesFigures } from '@/lib/dashboard/figures';
import { notifyLesson } from '@/lib/lessons/notify';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { lessons, outbox, tutorProfiles, users } from '@/lib/db/schema';
import { hideDemoTutors, seedDemoTutors } from './demo-tutors';

/**
 * The demo tutors of a fresh embedded install (journeys A and D, audit issue 14 #8): they are no
 * activity on the dashboard, nothing is sent to their made-up numbers, and DEMO_TUTORS=false takes
 * them out of the catalogue.
 */
describe(`demo tutors (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('seeded: not counted as registrations or review decisions; a booking texts only the student; hidden on request', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await seedDemoTutors(t.db);
    const demo = await t.db.select({ id: tutorProfiles.userId }).from(tutorProfiles).where(eq(tutorProfiles.demo, true));
    expect(demo).toHaveLength(3);
    const sales = await salesFigures(t.db);
    expect(sales.registrations.tutor).toEqual({ today: 0, month: 0 });
    const review = await reviewFigures(t.db);
    expect(review.decidedToday).toBe(0);
    expect(review.metrics.decided).toBe(0);

    const studentId = await insertTestUser(t.db, { phone: '+77019990001' });
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const [lesson] = await t.db
      .insert(lessons)
      .values({ tutorId: demo[0]!.id, studentId, subject: 'kazakh', status: 'booked', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
      .returning();
    await notifyLesson(t.db, lesson!, 'booked');
    const [tutor] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, demo[0]!.id));
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, tutor!.phone))).toHaveLength(0);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, '+77019990001'))).toHaveLength(1);

    await hideDemoTutors(t.db);
    expect(await t.db.select().from(tutorProfiles).where(and(eq(tutorProfiles.demo, true), isNotNull(tutorProfiles.published)))).toHaveLength(0);
  });
});
