// GET /api/cabinet/groups - the signed-in user (bearer): a student's groups (each live seat with its lessons ahead, the room and calendar links) and waitlist places; a tutor's groups with their rosters (first name and initial).
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentGroups, tutorGroups } from '@/lib/groups/catalogue';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  if (user.role === 'tutor') return { tutorGroups: await tutorGroups(ctx.db, user.id) };
  return studentGroups(ctx.db, user.id, new Date(), ctx.locale);
});
