// POST /api/admin/library/courses/[id]/units {unit} - a new unit at the end, its version 1 a draft (audited: library.unit_add). Methodologist.
import { idParam } from '@/lib/api/params';
import { addUnit } from '@/lib/library/authoring';
import { unitBodySchema, UNIT_BODY_MAX_BYTES } from '@/lib/library/input';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(
  METHODOLOGIST_SCOPES,
  async ({ db, actor, params, body }) => {
    const id = idParam(params);
    const { unit } = await body(unitBodySchema, { maxBytes: UNIT_BODY_MAX_BYTES });
    return { unit: await addUnit(db, actor, id, unit, new Date()) };
  },
  { status: 201 },
);
