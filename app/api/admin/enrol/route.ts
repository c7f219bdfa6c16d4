import { route } from '@/lib/api/route';
import { openEnrolment } from '@/lib/staff/enrol';
import { enrolOpenSchema } from '@/lib/validations/staff';

/** The enrolment page's data for a single-use link: who, and the TOTP secret to scan. */
export const POST = route(async ({ db, body }) => {
  const { token } = await body(enrolOpenSchema);
  const e = await openEnrolment(db, token);
  return { email: e.email, name: e.name, secret: e.secret, uri: e.uri, qr: e.qr };
});
