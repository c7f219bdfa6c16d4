// POST /api/admin/profiles/[id]/approve {submittedAt} - publishes the submitted draft (audited); the tutor becomes bookable.
import { idParam } from '@/lib/api/params';
import { approveProfile } from '@/lib/marketplace/tutor-profile';
import { staffRoute } from '@/lib/staff/http';
import { profileDecisionSchema } from '@/lib/validations/tutor-profile';

export const POST = staffRoute('reviewer', async ({ db, actor, params, body }) => {
  const id = idParam(params);
  await approveProfile(db, actor, id, (await body(profileDecisionSchema)).submittedAt);
  return { status: 'approved' };
});
