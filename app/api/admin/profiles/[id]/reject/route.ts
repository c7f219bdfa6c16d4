// POST /api/admin/profiles/[id]/reject {submittedAt, reasons, reason} - returns the submission to the tutor (audited); the published version stays.
import { idParam } from '@/lib/api/params';
import { rejectProfile } from '@/lib/marketplace/tutor-profile';
import { staffRoute } from '@/lib/staff/http';
import { profileRejectBodySchema } from '@/lib/validations/tutor-profile';

export const POST = staffRoute('reviewer', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const input = await body(profileRejectBodySchema);
  await rejectProfile(db, actor, id, input.submittedAt, input.reasons, input.reason);
  return { status: 'rejected' };
});
