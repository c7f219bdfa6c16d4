// POST /api/admin/applications/[id]/reject {reasons[], note, expected, round?} - rejected with reasons; the tutor is told in their language.
import { idParam } from '@/lib/api/params';
import { reviewApplication } from '@/lib/review/decide';
import { staffRoute } from '@/lib/staff/http';
import { reviewDecisionSchema } from '@/lib/validations/review';

export const POST = staffRoute('reviewer', async ({ db, actor, params, body }) => reviewApplication(db, actor, idParam(params), 'reject', await body(reviewDecisionSchema)));
