// POST /api/admin/library/courses/[id]/publish - publishes what waits for review; a second methodologist only, never the one who sent it or wrote it (403 library_own_review; audited: library.publish). Methodologist.
import { idParam } from '@/lib/api/params';
import { publishCourse } from '@/lib/library/authoring';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, params }) => publishCourse(db, actor, idParam(params), new Date()));
