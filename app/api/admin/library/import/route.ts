// POST /api/admin/library/import - a course file as the body (up to 1 MiB): a new draft course, or an edit of the course with its slug; a malformed file is 422 library_file_invalid naming every problem by its path, and nothing is stored (audited: library.import). Methodologist.
import { importCourseFile } from '@/lib/library/authoring';
import { courseFileBodySchema, COURSE_FILE_MAX_BYTES } from '@/lib/library/input';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, body }) => importCourseFile(db, actor, await body(courseFileBodySchema, { maxBytes: COURSE_FILE_MAX_BYTES }), new Date()), { status: 201 });
