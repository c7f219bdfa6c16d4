// GET /api/admin/leads - the leads list (filters and page as the list page's URL), phones masked.
import { leadFilterSchema } from '@/lib/crm/filters';
import { viewLeadList } from '@/lib/crm/list';
import { staffRoute } from '@/lib/staff/http';

export const GET = staffRoute('sales', async ({ db, actor, query }) => viewLeadList(db, actor, query(leadFilterSchema)));
