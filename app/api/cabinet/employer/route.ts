// POST /api/cabinet/employer {token} - the signed-in student (bearer) takes HR's invitation to the lessons: their account becomes the roster employee's → {employeeId, company, lessonsLeft}; 404 employer_invite_invalid (unknown, used or lapsed link), 409 employer_invite_taken, 403 not_student.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { claimLessonsInvite } from '@/lib/payments/employer-invite';
import { lessonsInviteClaimSchema } from '@/lib/validations/company-pools';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return claimLessonsInvite(ctx.db, user, (await ctx.body(lessonsInviteClaimSchema)).token);
});
