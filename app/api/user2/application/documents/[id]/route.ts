// DELETE /api/user2/application/documents/[id] - the signed-in tutor removes one of their own documents. Answers the list.
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { removeDocument } from '@/lib/review/documents';

export const DELETE = route(async (ctx) => removeDocument(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params)));
