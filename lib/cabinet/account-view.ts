import 'server-only';
// The cabinet's own data (the account view): the user, their tutor application, their test results
// and certificates. A domain of its own, above auth (its session) and quiz (the results' view).
import { and, desc, eq } from 'drizzle-orm';
import { certificates, testAttempts, tutorApplications, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { kazakhResultView } from '@/lib/quiz/attempts';
import { absoluteUrl, localePath } from '@/lib/seo';
import { pendingEmail } from '@/lib/auth/email';
import { publicUser } from '@/lib/auth/login';
import { sessionUserId } from '@/lib/auth/tokens';

type User = typeof users.$inferSelect;

/** A tutor's application, when there is one. */
async function applicationOf(db: Db, user: User) {
  const [application] =
    user.role === 'tutor' ? await db.select().from(tutorApplications).where(eq(tutorApplications.userId, user.id)).limit(1) : [];
  return application;
}

/** The user as the site shows it, with the tutor application when there is one. */
export async function profile(db: Db, user: User) {
  const application = await applicationOf(db, user);
  // Finished tests taken while signed in (the cabinet lists them), newest first.
  const tests = await db
    .select({ kind: testAttempts.kind, result: testAttempts.result, finishedAt: testAttempts.finishedAt, certificate: certificates.number })
    .from(testAttempts)
    .leftJoin(certificates, eq(certificates.attemptId, testAttempts.id))
    .where(and(eq(testAttempts.userId, user.id), eq(testAttempts.status, 'finished')))
    .orderBy(desc(testAttempts.finishedAt))
    .limit(20);
  return {
    ...publicUser(user),
    // An address asked for (registration or cabinet) whose link has not been opened yet.
    pendingEmail: await pendingEmail(db, user),
    tests: tests.map((x) => {
      // The Kazakh test shows its level only: counts would tell which single answers were right.
      if (x.kind === 'kazakh') {
        const view = x.result ? kazakhResultView(x.result) : null;
        return { kind: x.kind, levelName: view?.levelName ?? null, cefr: view?.level ?? null, correct: null, total: null, finishedAt: x.finishedAt?.toISOString() ?? null, certificate: x.certificate };
      }
      return {
        kind: x.kind,
        levelName: x.result?.levelName ?? '',
        cefr: x.result?.cefr ?? '',
        correct: x.result?.correct ?? 0,
        total: x.result?.total ?? 0,
        finishedAt: x.finishedAt?.toISOString() ?? null,
        certificate: x.certificate,
      };
    }),
    application: application
      ? {
          id: application.id,
          status: application.status,
          round: application.round,
          submittedAt: application.submittedAt.toISOString(),
          reviewDueAt: application.reviewDueAt.toISOString(),
          decidedAt: application.decidedAt?.toISOString() ?? null,
          rejectReason: application.rejectReason,
          // The reviewer's answer (reason codes: messages Review.reasons.*) while it waits for the tutor.
          reasons: application.status === 'rejected' || application.status === 'changes_requested' ? application.reasons : [],
          note: application.status === 'rejected' || application.status === 'changes_requested' ? application.reviewNote : null,
          // What the wizard collected, for the correction form of a rejected or returned application.
          data: { tutorKind: user.tutorKind, teachingLanguage: user.teachingLanguage, subject: user.subject },
        }
      : null,
  };
}

/**
 * The built-in cabinet's contract for the refresh cookie's user: {user: {profile_url, image, name,
 * role} | null, status}. Signed out is an answer, not an error: the header shows its signed-out variant.
 */
export async function cabinetHeader(db: Db, refreshToken: string | undefined) {
  const userId = await sessionUserId(db, refreshToken);
  const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)).limit(1) : [];
  if (!user) return { user: null, status: 'guest' };
  const application = await applicationOf(db, user);
  return {
    user: { profile_url: absoluteUrl(localePath(user.locale, '/cabinet')), image: '', name: `${user.name} ${user.lastname}`, role: user.role },
    status: application?.status ?? 'active',
  };
}
