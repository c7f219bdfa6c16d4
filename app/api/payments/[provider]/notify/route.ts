// POST /api/payments/{provider}/notify - a card provider's notifications (Halyk ePay's postLink and failurePostLink, JSON, at /api/payments/epay/notify): checked against the order (secret, terminal, currency, amount), then only a wake-up: the provider's status answer, asked server to server, credits or declines, once. 200 {ok, result, duplicate}; a refused one 400; an unknown provider 404; the provider unreachable 503.
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { handleNotification } from '@/lib/payments/events';

export const POST = route(async (ctx) => {
  const { result, duplicate } = await handleNotification(ctx.db, await ctx.body(z.looseObject({})), { ipHash: ctx.ipHash, provider: ctx.params.provider ?? '' });
  return { ok: true, result, duplicate };
});
