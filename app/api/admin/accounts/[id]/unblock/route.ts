// POST /api/admin/accounts/[id]/unblock - sign-in works again. Admins only.
import { unblockAccount } from '@/lib/accounts-admin/block';
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';

export const POST = staffRoute('admin', async ({ db, actor, params }) => unblockAccount(db, actor, idParam(params)));
