// POST /api/dev/bookable-tutor {phone, price?, approved?} - development and e2e only (ENABLE_DEV_TOOLS): the tutor with this phone becomes bookable (with a price: a minimal profile at it is published; approved: the application approved too); {id}.
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { makeBookableForDev } from '@/lib/marketplace/dev';

const schema = z.object({ phone: z.string({ error: 'required' }).max(40, 'too_long'), price: z.number().int().min(1000).max(100_000).optional(), approved: z.boolean().optional() });

export const POST = route(async (ctx) => {
  const { phone, price, approved } = await ctx.body(schema);
  return makeBookableForDev(ctx.db, phone, price, approved);
}, { devTools: true });
