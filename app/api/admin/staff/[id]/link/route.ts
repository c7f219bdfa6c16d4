import { idParam } from '@/lib/api/params';
import { reissueStaffLink } from '@/lib/staff/accounts';
import { staffRoute } from '@/lib/staff/http';

/** A new enrolment link for a member who has not set up yet (the earlier one stops working). */
export const POST = staffRoute('admin', async ({ db, actor, params }) => reissueStaffLink(db, actor, idParam(params)));
