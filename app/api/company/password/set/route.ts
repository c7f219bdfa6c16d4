// POST /api/company/password/set - sets the HR password through the single-use link and signs in.
import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { setPasswordByLink } from '@/lib/company-portal/accounts';
import { setCompanyCookie } from '@/lib/company-portal/http';
import { companySetPasswordSchema } from '@/lib/validations/company-portal';

export const POST = route(async ({ req, db, body, ipHash, json }) => {
  assertSameOrigin(req);
  const input = await body(companySetPasswordSchema);
  const { session } = await setPasswordByLink(db, { token: input.token, password: input.password, ipHash });
  return setCompanyCookie(req, json({ ok: true }), session);
});
