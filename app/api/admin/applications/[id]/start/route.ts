// POST /api/admin/applications/[id]/start {expected, round?} - submitted → in review, the caller as reviewer.
import { idParam } from '@/lib/api/params';
import { reviewApplication } from '@/lib/review/decide';
import { staffRoute } from '@/lib/staff/http';
import { reviewMoveSchema } from '@/lib/validations/review';

export const POST = staffRoute('reviewer', async ({ db, actor, params, body }) => reviewApplication(db, actor, idParam(params), 'start', await body(reviewMoveSchema)));
