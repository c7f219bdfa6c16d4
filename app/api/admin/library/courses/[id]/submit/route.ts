// POST /api/admin/library/courses/[id]/submit - sends a draft course, or a published course's changed units, to review (audited: library.submit). Methodologist.
import { idParam } from '@/lib/api/params';
import { submitCourse } from '@/lib/library/authoring';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, params }) => submitCourse(db, actor, idParam(params), new Date()));
