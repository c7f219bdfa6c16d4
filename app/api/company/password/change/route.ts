// POST /api/company/password/change - the HR person's own password (the current one needed); every session ends, this browser gets a new one.
import { companyRoute, setCompanyCookie } from '@/lib/company-portal/http';
import { changeHrPassword } from '@/lib/company-portal/self';
import { companyPasswordChangeSchema } from '@/lib/validations/company-portal';

export const POST = companyRoute(async ({ req, db, body, member, actor, json }) => {
  const input = await body(companyPasswordChangeSchema);
  const { session } = await changeHrPassword(db, member, actor, input);
  return setCompanyCookie(req, json({ ok: true }), session);
});
