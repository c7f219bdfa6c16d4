// POST /api/company/password/set - sets the HR password through the single-use link, then starts the
// ordinary sign-in: the second factor's code is sent (or the app's code asked for); no session yet.
import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { setPasswordByLink } from '@/lib/company-portal/accounts';
import { companySignIn } from '@/lib/company-portal/sign-in';
import { companySetPasswordSchema } from '@/lib/validations/company-portal';

export const POST = route(async ({ req, db, body, ipHash, rangeHash, locale }) => {
  assertSameOrigin(req);
  const input = await body(companySetPasswordSchema);
  const { email } = await setPasswordByLink(db, { token: input.token, password: input.password, ipHash });
  // The password is saved whatever happens next; if the code cannot be sent now (a limit), the page
  // offers the ordinary sign-in instead.
  const next = await companySignIn(db, { email, password: input.password, ipHash, rangeHash, locale }).catch(() => null);
  return { ok: true, email, ...(next ?? {}) };
});
