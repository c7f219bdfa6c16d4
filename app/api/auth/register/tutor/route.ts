// POST /api/auth/register/tutor - the tutor wizard → {token, application: {status, reviewDueAt}}.
import { route } from '@/lib/api/route';
import { setSessionCookies } from '@/lib/auth/http';
import { registerAccount } from '@/lib/auth/registration';
import { tutorRegistrationSchema } from '@/lib/validations/registration';

export const POST = route(async (ctx) => {
  const input = await ctx.body(tutorRegistrationSchema, { captcha: 'register' });
  const { session, answer } = await registerAccount(ctx.db, { ...input, role: 'tutor' }, ctx);
  return setSessionCookies(ctx.req, ctx.json(answer, 201), session.refreshToken);
});
