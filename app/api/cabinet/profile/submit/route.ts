// POST /api/cabinet/profile/submit - sends the draft to a reviewer (422 profile_incomplete with the
// missing fields; 409 profile_unchanged). The published version stays visible meanwhile.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { editorView, submitProfile } from '@/lib/marketplace/tutor-profile';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return { profile: editorView(await submitProfile(ctx.db, user)) };
});
