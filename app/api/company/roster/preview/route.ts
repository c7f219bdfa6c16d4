// POST /api/company/roster/preview - reads a CSV or XLSX roster and lists every row's problems; saves nothing.
import { companyRoute } from '@/lib/company-portal/http';
import { checkRosterFile } from '@/lib/company-portal/roster';
import { readUpload } from '@/lib/company-portal/upload';

export const POST = companyRoute(async ({ req, db, member, companyId, locale }) => {
  const { data } = await readUpload(req, { db, userId: member.userId });
  const { rows, ...preview } = await checkRosterFile(db, companyId, data, locale);
  return { ...preview, sample: rows.slice(0, 5).map((r) => ({ line: r.line, lastName: r.lastName, firstName: r.firstName, iinLast4: r.iin.slice(-4), positionCode: r.positionCode })) };
});
