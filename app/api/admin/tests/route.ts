// GET /api/admin/tests - Kazakh test takers with level, certificate and state (IIN masked). Sales and admins.
import { viewTakers } from '@/lib/test-records/list';
import { staffRoute } from '@/lib/staff/http';
import { testsQuery } from '@/lib/validations/test-records';

export const GET = staffRoute('sales', async ({ db, actor, query }) => viewTakers(db, actor, query(testsQuery)));
