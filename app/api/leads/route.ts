// POST /api/leads - stores a feedback, callback, trial or quiz lead with its utm attribution.
import { route } from '@/lib/api/route';
import { submitLead } from '@/lib/leads/intake/submit';
import { leadRequestSchema } from '@/lib/validations/lead';

export const POST = route(async (ctx) => submitLead(ctx.db, await ctx.body(leadRequestSchema), ctx), { status: 201 });
