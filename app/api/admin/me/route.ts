import { staffRoute } from '@/lib/staff/http';
import { STAFF_SCOPE_LIST } from '@/lib/validations/staff-scopes';

/** The signed-in staff member (any scope). */
export const GET = staffRoute(STAFF_SCOPE_LIST, async ({ staff }) => ({
  staff: { id: staff.id, email: staff.email, name: staff.name, scopes: staff.scopes, locale: staff.locale },
}));
