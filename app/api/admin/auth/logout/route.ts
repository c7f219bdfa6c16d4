import { route } from '@/lib/api/route';
import { assertSameOrigin } from '@/lib/auth/http';
import { clearStaffCookie, staffToken } from '@/lib/staff/http';
import { endStaffSession } from '@/lib/staff/sessions';

/** Ends this staff session (idempotent: a stale cookie is simply cleared). */
export const POST = route(async ({ req, db, json }) => {
  assertSameOrigin(req);
  await endStaffSession(db, staffToken(req.cookies));
  return clearStaffCookie(req, json({ ok: true }));
});
