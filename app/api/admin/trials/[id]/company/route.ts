// PUT /api/admin/trials/{id}/company {employeeId | null} - sales: the roster employee whose company pays for the lesson (HR sees its attended minutes); audited.
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';
import { setLessonCompany } from '@/lib/marketplace/admin';
import { lessonCompanySchema } from '@/lib/validations/booking';

export const PUT = staffRoute(['sales'], async (ctx) => {
  const id = idParam(ctx.params);
  const { employeeId } = await ctx.body(lessonCompanySchema);
  return setLessonCompany(ctx.db, ctx.actor, id, employeeId);
});
