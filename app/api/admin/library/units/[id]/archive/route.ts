// POST /api/admin/library/units/[id]/archive - hides a unit from its course, its students' progress kept (audited: library.unit_archive). Methodologist.
import { idParam } from '@/lib/api/params';
import { archiveUnit } from '@/lib/library/authoring';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, params }) => archiveUnit(db, actor, idParam(params), new Date()));
