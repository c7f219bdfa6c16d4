import { staffRoute } from '@/lib/staff/http';

/** The signed-in staff member (any scope). */
export const GET = staffRoute(['admin', 'sales', 'reviewer'], async ({ staff }) => ({
  staff: { id: staff.id, email: staff.email, name: staff.name, scopes: staff.scopes, locale: staff.locale },
}));
