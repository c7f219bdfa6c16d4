// GET /api/admin/library/courses/[id] - a course, its units in order, who sent and published it, its history; PUT {course fields} - edits them (audited: library.update; a published course's wait for review: {course: {id, pending}}). Methodologist.
import { idParam } from '@/lib/api/params';
import { staffCourseDetail, updateCourse } from '@/lib/library/authoring';
import { courseFieldsSchema } from '@/lib/library/input';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(METHODOLOGIST_SCOPES, async ({ db, params }) => staffCourseDetail(db, idParam(params)));

export const PUT = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, params, body }) => {
  const id = idParam(params);
  return { course: await updateCourse(db, actor, id, await body(courseFieldsSchema), new Date()) };
});
