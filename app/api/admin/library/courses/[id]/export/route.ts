// GET /api/admin/library/courses/[id]/export - the course as its file (docs/library.md), a download (audited: library.export). Methodologist.
import { contentDisposition } from '@/lib/api/download';
import { idParam } from '@/lib/api/params';
import { exportCourseFile } from '@/lib/library/authoring';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, params }) => {
  const file = await exportCourseFile(db, actor, idParam(params));
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': contentDisposition(`${file.slug}.json`), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
});
