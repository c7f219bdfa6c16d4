import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { addBusinessDays } from '@/lib/time/business-days';
import { TUTOR_REVIEW_BUSINESS_DAYS } from '@/lib/auth/register';
import { applicationEvents, tutorApplications, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import type { applicationResubmitSchema } from '@/lib/validations/review';

type User = typeof users.$inferSelect;
export type Resubmission = z.output<typeof applicationResubmitSchema>;

/** The tutor's fields a resubmission may change, in the order the wizard asks for them. */
export const CORRECTABLE_FIELDS = ['tutorKind', 'name', 'lastname', 'secondname', 'teachingLanguage', 'subject'] as const;

/** The statuses in which the tutor may correct and resubmit: the school has answered and waits for them. */
export const RESUBMITTABLE = ['rejected', 'changes_requested'] as const;

/**
 * The signed-in tutor corrects their own application and sends it again: the corrections are stored,
 * the status is `submitted`, the round goes up by one and the due date is 5 business days from now.
 * The history gets a `resubmitted` event whose `reasons` list the fields that changed. Errors: 403
 * for anyone but a tutor, 404 for an application that is not the caller's, 409 `application_status`
 * when it is not waiting for the tutor.
 */
export async function resubmitApplication(db: Db, user: User, input: Resubmission, now = new Date()) {
  if (user.role !== 'tutor') throw new ApiError(403, 'forbidden');
  return transaction(db, async (tx) => {
    const [app] = await tx
      .select()
      .from(tutorApplications)
      .where(and(eq(tutorApplications.id, input.id), eq(tutorApplications.userId, user.id)))
      .for('update')
      .limit(1);
    if (!app) throw new ApiError(404, 'not_found');
    if (!(RESUBMITTABLE as readonly string[]).includes(app.status)) throw new ApiError(409, 'application_status');
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).limit(1);
    const next = {
      name: input.name,
      lastname: input.lastname,
      secondname: input.secondname || null,
      tutorKind: input.tutorKind,
      teachingLanguage: input.teachingLanguage,
      subject: input.subject,
    };
    const changed = CORRECTABLE_FIELDS.filter((f) => (current?.[f] ?? null) !== next[f]);
    // An application made before histories were kept gets its first submission recorded now,
    // while its time is still known: the review-time figures count each round from its submission.
    const [first] = await tx
      .select({ id: applicationEvents.id })
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, app.id), inArray(applicationEvents.type, ['submitted', 'resubmitted'])))
      .limit(1);
    if (!first) await tx.insert(applicationEvents).values({ applicationId: app.id, type: 'submitted', createdAt: app.submittedAt });
    if (changed.length) await tx.update(users).set(next).where(eq(users.id, user.id));
    const reviewDueAt = addBusinessDays(now, TUTOR_REVIEW_BUSINESS_DAYS);
    const [after] = await tx
      .update(tutorApplications)
      .set({
        status: 'submitted',
        round: app.round + 1,
        submittedAt: now,
        reviewDueAt,
        reasons: [],
        reviewNote: null,
        reviewerId: null,
        reviewStartedAt: null,
        decidedAt: null,
      })
      .where(eq(tutorApplications.id, app.id))
      .returning();
    await tx.insert(applicationEvents).values({ applicationId: app.id, type: 'resubmitted', reasons: changed, createdAt: now });
    return { id: app.id, status: after!.status, round: after!.round, submittedAt: now.toISOString(), reviewDueAt: reviewDueAt.toISOString() };
  });
}
