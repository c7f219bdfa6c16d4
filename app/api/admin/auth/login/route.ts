import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { setStaffCookie, setStaffDeviceCookie, staffDeviceOf } from '@/lib/staff/http';
import { openStaffSession } from '@/lib/staff/sessions';
import { staffSignIn } from '@/lib/staff/sign-in';
import { staffSignInSchema } from '@/lib/validations/staff';

/** Staff sign-in: e-mail, password and a TOTP or recovery code; sets the staff session cookie. */
export const POST = route(async ({ req, db, body, ipHash, rangeHash, json }) => {
  assertSameOrigin(req);
  const input = await body(staffSignInSchema);
  const result = await staffSignIn(db, { ...input, ipHash, rangeHash, deviceOf: staffDeviceOf(req) });
  if (!result.ok) {
    if (result.reason === 'limited') throw new ApiError(429, 'rate_limited', undefined, result.retryAfter);
    if (result.reason === 'disabled') throw new ApiError(403, 'staff_disabled');
    throw new ApiError(401, 'invalid_credentials');
  }
  const res = setStaffCookie(req, json({ ok: true, via: result.via }), await openStaffSession(db, result.staffId, ipHash));
  return setStaffDeviceCookie(req, res, result.staffId);
});
