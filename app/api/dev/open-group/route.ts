// POST /api/dev/open-group {phone, startMinute, daysAhead?, lessons?, price?, maxSeats?} - development and the kill -9 check only (ENABLE_DEV_TOOLS): the tutor with this phone teaches a new public English A1 group, opened for sale; {id}.
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { openGroupForDev } from '@/lib/groups/dev';

const schema = z.object({
  phone: z.string({ error: 'required' }).max(40, 'too_long'),
  startMinute: z.number().int().min(0).max(1425).refine((m) => m % 15 === 0, 'invalid_value'),
  daysAhead: z.number().int().min(1).max(60).default(3),
  lessons: z.number().int().min(1).max(20).default(1),
  price: z.number().int().min(3500).max(100_000).default(3500),
  maxSeats: z.number().int().min(1).max(6).default(6),
});

export const POST = route(async (ctx) => openGroupForDev(ctx.db, await ctx.body(schema)), { devTools: true });
