import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { leadEvents, leads, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';
import { autoAssign } from './assign';

const OPEN = ['new', 'contacted', 'trial_scheduled'] as const;

/**
 * A trial booked in the catalogue reaches the sales pipeline (journey B): the student's open lead
 * (same phone) moves to "trial scheduled" with a note naming the tutor, the time and the lesson; a
 * student with no open lead gets one (a trial request, already scheduled), given round-robin. Call
 * it after the booking is stored: it never costs the booking.
 */
export async function trialBookedLead(db: Db, input: { studentId: number; lessonId: number; tutorName: string; startsAt: Date; page: string }, now = new Date()): Promise<number | null> {
  const [student] = await db.select().from(users).where(eq(users.id, input.studentId)).limit(1);
  if (!student) return null;
  const when = new Intl.DateTimeFormat('ru-RU', { timeZone: SCHOOL_FIXED_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(input.startsAt);
  const note = `Пробный урок #${input.lessonId}: ${input.tutorName}, ${when} (Алматы)`;
  const made = await transaction(db, async (tx) => {
    const [open] = await tx
      .select({ id: leads.id, status: leads.status })
      .from(leads)
      .where(and(eq(leads.phone, student.phone), inArray(leads.status, [...OPEN])))
      .orderBy(desc(leads.createdAt))
      .limit(1)
      .for('update');
    if (open) {
      if (open.status !== 'trial_scheduled') {
        await tx.update(leads).set({ status: 'trial_scheduled', updatedAt: now }).where(eq(leads.id, open.id));
        await tx.insert(leadEvents).values({ leadId: open.id, staffId: null, type: 'status', fromValue: open.status, toValue: 'trial_scheduled', note, createdAt: now });
      } else {
        await tx.insert(leadEvents).values({ leadId: open.id, staffId: null, type: 'note', note, createdAt: now });
      }
      return { id: open.id, created: false };
    }
    const [row] = await tx
      .insert(leads)
      .values({
        kind: 'feedback',
        status: 'trial_scheduled',
        name: [student.name, student.lastname].filter(Boolean).join(' '),
        phone: student.phone,
        locale: student.locale,
        page: input.page,
        utmFirst: student.utmFirst ?? {},
        utmLast: student.utmLast ?? {},
        consentVersion: student.consentVersion,
        consentAt: student.consentAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: leads.id });
    await tx.insert(leadEvents).values({ leadId: row!.id, staffId: null, type: 'note', note, createdAt: now });
    return { id: row!.id, created: true };
  });
  if (made.created) await autoAssign(db, made.id, now);
  return made.id;
}
