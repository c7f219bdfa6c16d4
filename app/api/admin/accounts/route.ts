// GET /api/admin/accounts - students and tutors: search, filters, a page (phones masked). Sales and admins.
import { listAccounts } from '@/lib/accounts-admin/list';
import { staffRoute } from '@/lib/staff/http';
import { accountsQuery } from '@/lib/validations/accounts-admin';

export const GET = staffRoute('sales', async ({ db, query }) => listAccounts(db, query(accountsQuery)));
