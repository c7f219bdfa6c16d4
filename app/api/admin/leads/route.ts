// GET /api/admin/leads - the leads list (filters and page as the list page's URL), phones masked.
import { leadFilterSchema } from '@/lib/leads/filters';
import { viewLeadList } from '@/lib/leads/list';
import { staffRoute } from '@/lib/staff/http';

export const GET = staffRoute('sales', async ({ db, actor, query }) => viewLeadList(db, actor, query(leadFilterSchema)));
