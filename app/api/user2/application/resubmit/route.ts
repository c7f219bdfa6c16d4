// POST /api/user2/application/resubmit {id, name, lastname, secondname?, tutorKind, teachingLanguage, subject} -
// the signed-in tutor (bearer) corrects their own rejected or returned application and sends it again.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { resubmitApplication } from '@/lib/review/resubmit';
import { applicationResubmitSchema } from '@/lib/validations/review';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return { application: await resubmitApplication(ctx.db, user, await ctx.body(applicationResubmitSchema)) };
});
