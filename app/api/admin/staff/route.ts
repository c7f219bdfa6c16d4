import { listStaff, inviteStaff } from '@/lib/staff/accounts';
import { staffRoute } from '@/lib/staff/http';
import { staffInviteSchema } from '@/lib/validations/staff';

export const GET = staffRoute('admin', async ({ db }) => ({ staff: await listStaff(db) }));

/** Invites a member by e-mail: a single-use link valid for 72 hours. */
export const POST = staffRoute('admin', async ({ db, body, actor }) => inviteStaff(db, actor, await body(staffInviteSchema)), { status: 201 });
