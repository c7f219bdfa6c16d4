// POST /api/admin/library/images - a picture's bytes as the body (JPEG, PNG or WebP, up to 10 MB; the content is checked and re-encoded, as tutor photos are) into the media store; answers its name (audited: library.image). Methodologist.
import { uploadImage } from '@/lib/library/authoring';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, req }) => uploadImage(db, actor, req), { status: 201 });
