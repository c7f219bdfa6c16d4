// GET /api/admin/applications/[id] - one application with the tutor's data and its history (audit row `application.view`).
import { idParam } from '@/lib/api/params';
import { applicationForStaff } from '@/lib/review/queue';
import { staffRoute } from '@/lib/staff/http';

export const GET = staffRoute('reviewer', async ({ db, actor, params }) => ({ application: await applicationForStaff(db, actor, idParam(params)) }));
