// GET  /api/user2/application/documents - the signed-in tutor's (bearer) documents attached to their application.
// POST /api/user2/application/documents?name=diploma.pdf - the file's bytes as the body (PDF, JPEG or PNG,
// up to 10 MB, at most 5 files; the content is checked, not the name or the declared type). Answers the list.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { attachDocument, ownDocuments } from '@/lib/review/documents';

export const GET = route(async (ctx) => ownDocuments(ctx.db, await requireUser(ctx.db, ctx.req)));

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return attachDocument(ctx.db, user, ctx.req, ctx.req.nextUrl.searchParams.get('name'));
});
