// GET /api/admin/library/courses?subject=&level=&status= - every course with its units' count; POST {course fields} - a new draft course (audited: library.create). Methodologist.
import { createCourse, staffCourses } from '@/lib/library/authoring';
import { courseFieldsSchema, courseListQuery } from '@/lib/library/input';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(METHODOLOGIST_SCOPES, async ({ db, query }) => ({ courses: await staffCourses(db, query(courseListQuery)) }));

export const POST = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, body }) => ({ course: await createCourse(db, actor, await body(courseFieldsSchema), new Date()) }), { status: 201 });
