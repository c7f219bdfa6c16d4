// GET /api/admin/leads/{id} - one lead: everything stored, the account with its phone, its history (audit-logged).
import { idParam } from '@/lib/api/params';
import { leadDetail } from '@/lib/leads/detail';
import { staffRoute } from '@/lib/staff/http';

export const GET = staffRoute('sales', async ({ db, actor, params }) => leadDetail(db, actor, idParam(params)));
