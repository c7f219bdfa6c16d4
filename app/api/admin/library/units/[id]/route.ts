// GET /api/admin/library/units/[id] - a unit's latest content for the editor; PUT {unit} - saves it by the versioning rule: a draft changed in place, a published version's edit a new draft version (audited: library.unit_edit). Methodologist.
import { idParam } from '@/lib/api/params';
import { saveUnit, staffUnit } from '@/lib/library/authoring';
import { unitBodySchema, UNIT_BODY_MAX_BYTES } from '@/lib/library/input';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(METHODOLOGIST_SCOPES, async ({ db, params }) => staffUnit(db, idParam(params)));

export const PUT = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { unit } = await body(unitBodySchema, { maxBytes: UNIT_BODY_MAX_BYTES });
  return saveUnit(db, actor, id, unit, new Date());
});
