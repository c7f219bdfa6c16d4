// POST /api/company/auth/login - HR sign-in: password first (an SMS code is sent), then password + code.
import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { companyDeviceOf, setCompanyCookie, setCompanyDeviceCookie } from '@/lib/company-portal/http';
import { openCompanySession } from '@/lib/company-portal/sessions';
import { companySignIn } from '@/lib/company-portal/sign-in';
import { companySignInSchema } from '@/lib/validations/company-portal';

export const POST = route(async ({ req, db, body, ipHash, rangeHash, locale, json }) => {
  assertSameOrigin(req);
  const input = await body(companySignInSchema);
  const result = await companySignIn(db, { ...input, ipHash, rangeHash, locale, deviceOf: companyDeviceOf(req) });
  if (result.step === 'code') return result;
  const res = setCompanyCookie(req, json({ step: 'done', via: result.via }), await openCompanySession(db, result.userId, ipHash));
  return setCompanyDeviceCookie(req, res, result.userId);
});
