// POST /api/admin/groups/[id]/open - a draft goes on sale: its lessons booked, on /groups (a company's: in its portal) (audited: group.open). Sales.
import { idParam } from '@/lib/api/params';
import { openGroup } from '@/lib/groups/admin';
import { staffRoute } from '@/lib/staff/http';

export const POST = staffRoute('sales', async ({ db, actor, params }) => ({ group: await openGroup(db, actor, idParam(params)) }));
