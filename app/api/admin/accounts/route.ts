// GET /api/admin/accounts - students and tutors: search, filters, a page (phones masked). Sales and admins.
import { viewAccounts } from '@/lib/accounts-admin/list';
import { staffRoute } from '@/lib/staff/http';
import { accountsQuery } from '@/lib/validations/accounts-admin';

export const GET = staffRoute('sales', async ({ db, actor, query }) => viewAccounts(db, actor, query(accountsQuery)));
