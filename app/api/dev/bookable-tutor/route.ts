// POST /api/dev/bookable-tutor {phone} - development and e2e only (ENABLE_DEV_TOOLS): the tutor with this phone becomes bookable; {id}.
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { makeBookableForDev } from '@/lib/marketplace/dev';

const schema = z.object({ phone: z.string({ error: 'required' }).max(40, 'too_long') });

export const POST = route(async (ctx) => makeBookableForDev(ctx.db, (await ctx.body(schema)).phone), { devTools: true });
