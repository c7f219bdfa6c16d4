// POST /api/admin/applications/[id]/changes {reasons[], note, expected, round?} - sent back to the tutor for changes.
import { idParam } from '@/lib/api/params';
import { reviewApplication } from '@/lib/review/decide';
import { staffRoute } from '@/lib/staff/http';
import { reviewDecisionSchema } from '@/lib/validations/review';

export const POST = staffRoute('reviewer', async ({ db, actor, params, body }) => reviewApplication(db, actor, idParam(params), 'changes', await body(reviewDecisionSchema)));
