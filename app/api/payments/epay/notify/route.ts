// POST /api/payments/epay/notify - Halyk ePay's postLink and failurePostLink (JSON): verified by the order's secret, stored, acted on once. 200 {ok}; a refused one 400.
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { handleNotification } from '@/lib/payments/events';

export const POST = route(async (ctx) => {
  const { result, duplicate } = await handleNotification(ctx.db, await ctx.body(z.looseObject({})), { ipHash: ctx.ipHash });
  return { ok: true, result, duplicate };
});
