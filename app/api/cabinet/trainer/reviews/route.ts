// POST /api/cabinet/trainer/reviews - { wordId, rating: again|hard|good|easy }: a review of a word of the signed-in student's (bearer) own dictionary; answers its next date and the streak.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { reviewTrainerWord } from '@/lib/library/today';
import { wordReviewSchema } from '@/lib/validations/study';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { wordId, rating } = await ctx.body(wordReviewSchema);
  return reviewTrainerWord(ctx.db, user.id, wordId, rating, new Date());
});
