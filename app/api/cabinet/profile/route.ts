// GET /api/cabinet/profile - the signed-in tutor's profile editor: draft, published version, review state, limits.
// PUT /api/cabinet/profile {about, teachingLanguages, nativeSpeaker, subjects, levels, ages, price, experienceYears, video} - saves the draft.
// Bearer-authenticated; only a tutor whose application is approved (403 profile_not_allowed).
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { assertProfileEditor, editorView, ownProfile, priceLimits, saveDraft } from '@/lib/marketplace/tutor-profile';
import { profileDraftSchema } from '@/lib/validations/tutor-profile';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return { profile: editorView(await ownProfile(ctx.db, user)) };
});

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  await assertProfileEditor(ctx.db, user);
  const body = await ctx.body(profileDraftSchema(priceLimits()));
  return { profile: editorView(await saveDraft(ctx.db, user, body)) };
});
