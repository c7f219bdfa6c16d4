// POST /api/admin/library/audio - an audio file's bytes as the body (MP3, Ogg, WAV or M4A, up to 10 MB; the content is checked, not the name or the declared type) into the media store; answers its name (audited: library.audio). Methodologist.
import { uploadAudio } from '@/lib/library/authoring';
import { staffRoute } from '@/lib/staff/http';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(METHODOLOGIST_SCOPES, async ({ db, actor, req }) => uploadAudio(db, actor, req), { status: 201 });
