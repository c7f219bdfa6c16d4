// POST /api/cabinet/profile/photo - the photo's bytes as the body (JPEG, PNG or WebP, up to 10 MB;
// the content is checked, not the name or the declared type). Answers the profile with the new photo.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { editorView, uploadPhoto } from '@/lib/marketplace/tutor-profile';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return { profile: editorView(await uploadPhoto(ctx.db, user, ctx.req)) };
});
