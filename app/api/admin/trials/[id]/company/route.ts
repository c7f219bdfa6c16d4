// PUT /api/admin/trials/{id}/company {employeeId | null} or {companyId, iin} - sales: the roster employee whose company pays for the lesson (HR sees its attended minutes); audited.
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';
import { setLessonCompany } from '@/lib/marketplace/admin';
import { lessonCompanySchema } from '@/lib/validations/booking';

export const PUT = staffRoute(['sales'], async (ctx) => setLessonCompany(ctx.db, ctx.actor, idParam(ctx.params), await ctx.body(lessonCompanySchema)));
