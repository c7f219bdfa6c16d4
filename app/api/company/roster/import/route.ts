// POST /api/company/roster/import - imports the roster file all or nothing (422 with every problem otherwise).
import { ApiError, translator } from '@/lib/api/errors';
import { companyRoute } from '@/lib/company-portal/http';
import { importRoster } from '@/lib/company-portal/roster';
import { readUpload } from '@/lib/company-portal/upload';

export const POST = companyRoute(async ({ req, db, member, companyId, actor, locale, json }) => {
  const { data, fields } = await readUpload(req, { db, userId: member.userId });
  if (fields.basis !== 'yes') throw new ApiError(422, 'validation_failed', { basis: 'roster_basis_required' });
  const out = await importRoster(db, actor, companyId, data, locale);
  if (!out.imported) return json({ error: { code: 'roster_has_problems', message: translator(locale).error('roster_has_problems') }, preview: out.preview }, 422);
  return out;
});
