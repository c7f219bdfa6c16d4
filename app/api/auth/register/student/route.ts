// POST /api/auth/register/student - personal data, SMS-verified phone, password → {token}.
import { route } from '@/lib/api/route';
import { setSessionCookies } from '@/lib/auth/http';
import { registerAccount } from '@/lib/auth/registration';
import { studentRegistrationSchema } from '@/lib/validations/registration';

export const POST = route(async (ctx) => {
  const input = await ctx.body(studentRegistrationSchema, { captcha: 'register' });
  const { session, answer } = await registerAccount(ctx.db, { ...input, role: 'student' }, ctx);
  return setSessionCookies(ctx.req, ctx.json(answer, 201), session.refreshToken);
});
