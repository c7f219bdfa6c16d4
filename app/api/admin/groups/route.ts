// GET /api/admin/groups?status= - every group with its fill rate (paid, held) and waitlist, and the tutors who teach groups; POST {group} - a new draft with its lessons (audited: group.create). Sales.
import { z } from 'zod';
import { createGroup, groupTutors, staffGroups } from '@/lib/groups/admin';
import { staffRoute } from '@/lib/staff/http';
import { GROUP_STATUSES, groupSchema } from '@/lib/validations/groups';
import { param } from '@/lib/validations/query';

const query = z.object({ status: param(z.enum(GROUP_STATUSES, { error: 'invalid_value' })) });

export const GET = staffRoute('sales', async ({ db, query: q }) => ({ groups: await staffGroups(db, q(query)), tutors: await groupTutors(db) }));

export const POST = staffRoute('sales', async ({ db, actor, body }) => ({ group: await createGroup(db, actor, await body(groupSchema)) }), { status: 201 });
