// GET /api/admin/applications/[id]/documents/[docId] - a reviewer downloads a document the tutor attached
// (Content-Disposition attachment, nosniff, never cached; audit row `application.document_view`).
import { idParam } from '@/lib/api/params';
import { documentForStaff } from '@/lib/review/documents';
import { staffRoute } from '@/lib/staff/http';

export const GET = staffRoute('reviewer', async ({ db, actor, params }) => documentForStaff(db, actor, idParam(params), idParam(params, 'docId')));
