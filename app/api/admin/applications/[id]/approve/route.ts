// POST /api/admin/applications/[id]/approve {expected, round?} - approved; the tutor is told by SMS (and e-mail).
import { idParam } from '@/lib/api/params';
import { reviewApplication } from '@/lib/review/decide';
import { staffRoute } from '@/lib/staff/http';
import { reviewMoveSchema } from '@/lib/validations/review';

export const POST = staffRoute('reviewer', async ({ db, actor, params, body }) => reviewApplication(db, actor, idParam(params), 'approve', await body(reviewMoveSchema)));
