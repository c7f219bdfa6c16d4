import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { addScope } from '@/lib/auth/scope';
import { applicationEvents, tutorApplications, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { runAfterResponse } from '@/lib/api/after';
import { kickOutbox } from '@/lib/outbox/kick';
import type { ApplicationStatus, ReviewReason } from '@/lib/validations/review';
import { queueDecisionNotice, type Decision } from './notify';

export type ReviewAction = 'start' | 'approve' | 'reject' | 'changes';

/**
 * What each action needs and leads to. Start review takes a submitted application; a decision is
 * made on a submitted one or one in review; nothing is done to an approved one; a rejected one or
 * one sent back for changes waits for the tutor (lib/review/resubmit.ts).
 */
export const REVIEW_RULES: Record<ReviewAction, { from: readonly ApplicationStatus[]; to: ApplicationStatus; event: string }> = {
  start: { from: ['submitted'], to: 'in_review', event: 'review_started' },
  approve: { from: ['submitted', 'in_review'], to: 'approved', event: 'approved' },
  reject: { from: ['submitted', 'in_review'], to: 'rejected', event: 'rejected' },
  changes: { from: ['submitted', 'in_review'], to: 'changes_requested', event: 'changes_requested' },
};

export interface ReviewInput {
  /** The status the reviewer saw (and the round, when sent): anything else now is a 409 `conflict`. */
  expected: ApplicationStatus;
  round?: number;
  reasons?: ReviewReason[];
  note?: string;
}

type Application = typeof tutorApplications.$inferSelect;
const snapshot = (a: Application) => ({
  status: a.status,
  round: a.round,
  reasons: a.reasons,
  note: a.reviewNote,
  reviewerId: a.reviewerId,
});

/**
 * One reviewer's action on one application, in one transaction with its history event, its audit
 * row (before/after) and, for a decision, the tutor's SMS and e-mail in the outbox. Approval keeps
 * the user's `tutor` scope (issue 14 adds `tutor:bookable` once the profile is complete:
 * lib/review/bookable.ts). Errors: 404 no such application, 409 `conflict` when its status (or
 * round) is no longer the one the reviewer saw, 409 `application_status` when the action does not
 * apply to the status.
 */
export async function reviewApplication(db: Db, actor: Actor, id: number, action: ReviewAction, input: ReviewInput, now = new Date()) {
  const rule = REVIEW_RULES[action];
  const result = await transaction(db, async (tx) => {
    const [before] = await tx.select().from(tutorApplications).where(eq(tutorApplications.id, id)).for('update').limit(1);
    if (!before) throw new ApiError(404, 'not_found');
    if (before.status !== input.expected || (input.round !== undefined && before.round !== input.round)) throw new ApiError(409, 'conflict');
    if (!rule.from.includes(before.status)) throw new ApiError(409, 'application_status');
    const decision = action !== 'start';
    const reasons = action === 'reject' || action === 'changes' ? (input.reasons ?? []) : [];
    const note = action === 'reject' || action === 'changes' ? input.note?.trim() || null : null;
    const [after] = await tx
      .update(tutorApplications)
      .set({
        status: rule.to,
        reviewerId: actor.id,
        reviewStartedAt: before.reviewStartedAt ?? now,
        ...(decision ? { decidedAt: now, reasons, reviewNote: note } : {}),
      })
      .where(eq(tutorApplications.id, id))
      .returning();
    await tx.insert(applicationEvents).values({ applicationId: id, staffId: actor.id, type: rule.event, reasons: decision && reasons.length ? reasons : null, note, createdAt: now });
    const [user] = await tx.select().from(users).where(eq(users.id, before.userId)).for('update').limit(1);
    const auditBefore: Record<string, unknown> = snapshot(before);
    const auditAfter: Record<string, unknown> = snapshot(after!);
    if (action === 'approve' && user) {
      // Tutors are `tutor` from registration on; approval makes sure of it (an account changed by
      // hand keeps its other tokens). `tutor:bookable` waits for the complete profile (issue 14).
      const scope = addScope(user.scope, 'tutor');
      if (scope !== user.scope) await tx.update(users).set({ scope }).where(eq(users.id, user.id));
      auditBefore.scope = user.scope;
      auditAfter.scope = scope;
    }
    await audit(tx, actor, { action: `application.${action}`, entity: 'tutor_application', entityId: id, before: auditBefore, after: auditAfter });
    if (decision && user) await queueDecisionNotice(tx, user, { decision: rule.to as Decision, reasons, note });
    return { id, status: after!.status, round: after!.round, decidedAt: after!.decidedAt, reviewerId: after!.reviewerId };
  });
  if (action !== 'start') runAfterResponse(kickOutbox);
  return result;
}
