import 'server-only';
import { eq } from 'drizzle-orm';
import { applicationEvents, securityEvents, tutorApplications, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import type { UtmValues } from '@/lib/utm';
import { addBusinessDays } from '@/lib/time/business-days';
import { queueEmailConfirmation } from './email';
import { hashPassword } from './password';

export const TUTOR_REVIEW_BUSINESS_DAYS = 5;

export interface NewAccount {
  role: 'student' | 'tutor';
  name: string;
  lastname: string;
  secondname?: string;
  phone: string;
  email?: string;
  password: string;
  subject: string;
  teachingLanguage?: string;
  tutorKind?: 'international' | 'local';
  locale: string;
  utmFirst: UtmValues;
  utmLast: UtmValues;
  ipHash?: string;
  /** The personal-data consent text the person agreed to (lib/consent.ts). */
  consent: string;
}

export type CreateResult =
  | { ok: true; user: typeof users.$inferSelect; application?: typeof tutorApplications.$inferSelect }
  | { ok: false; reason: 'exists' };

/**
 * A student or a tutor (with an application due for review in 5 business days). The phone was
 * proven by an SMS code; an e-mail waits for its link (another account may own it: nothing is told).
 */
export async function createAccount(db: Db, a: NewAccount, now = new Date()): Promise<CreateResult> {
  const passwordHash = await hashPassword(a.password);
  return transaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, a.phone))
      .limit(1);
    if (existing) return { ok: false, reason: 'exists' } as const;
    const [user] = await tx
      .insert(users)
      .values({
        role: a.role,
        scope: a.role,
        name: a.name,
        lastname: a.lastname,
        secondname: a.secondname || null,
        phone: a.phone,
        email: null, // set once confirmed by the link mailed below
        passwordHash,
        subject: a.subject,
        teachingLanguage: a.teachingLanguage ?? null,
        tutorKind: a.tutorKind ?? null,
        locale: a.locale,
        utmFirst: a.utmFirst,
        utmLast: a.utmLast,
        consentVersion: a.consent,
        consentAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return { ok: false, reason: 'exists' } as const;
    let application: typeof tutorApplications.$inferSelect | undefined;
    if (a.role === 'tutor') {
      [application] = await tx
        .insert(tutorApplications)
        .values({ userId: user.id, submittedAt: now, reviewDueAt: addBusinessDays(now, TUTOR_REVIEW_BUSINESS_DAYS) })
        .returning();
      // The application's history (lib/review) starts with its submission.
      await tx.insert(applicationEvents).values({ applicationId: application!.id, type: 'submitted', createdAt: now });
    }
    if (a.email) await queueEmailConfirmation(tx, { userId: user.id, email: a.email, locale: a.locale }, now);
    await tx.insert(securityEvents).values({ type: 'register', userId: user.id, ipHash: a.ipHash ?? null, detail: { role: a.role } });
    return { ok: true, user, application } as const;
  });
}
