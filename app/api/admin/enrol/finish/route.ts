import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { finishEnrolment } from '@/lib/staff/enrol';
import { setStaffCookie } from '@/lib/staff/http';
import { enrolFinishSchema } from '@/lib/validations/staff';

/** Sets the password and the TOTP factor, spends the link, signs in; the recovery codes are in the answer, once. */
export const POST = route(async ({ req, db, body, ipHash, json }) => {
  assertSameOrigin(req);
  const input = await body(enrolFinishSchema);
  const done = await finishEnrolment(db, { token: input.token, password: input.password, code: input.code, ipHash });
  return setStaffCookie(req, json({ ok: true, recoveryCodes: done.recoveryCodes }), done.session);
});
