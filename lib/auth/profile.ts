import { eq } from 'drizzle-orm';
import { tutorApplications, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { publicUser } from './login';

/** The user as the site shows it, with the tutor application when there is one. */
export async function profile(db: Db, user: typeof users.$inferSelect) {
  const [application] =
    user.role === 'tutor' ? await db.select().from(tutorApplications).where(eq(tutorApplications.userId, user.id)).limit(1) : [];
  return {
    ...publicUser(user),
    application: application
      ? {
          status: application.status,
          submittedAt: application.submittedAt.toISOString(),
          reviewDueAt: application.reviewDueAt.toISOString(),
          rejectReason: application.rejectReason,
        }
      : null,
  };
}
