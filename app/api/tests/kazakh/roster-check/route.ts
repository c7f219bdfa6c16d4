// POST /api/tests/kazakh/roster-check {company, iin} - a roster-only company's entry form: is the IIN
// on the roster → {rosterOnly, onRoster, initials}; rate-limited (lib/quiz/sitting.ts).
import { route } from '@/lib/api/route';
import { checkRosterIin } from '@/lib/quiz/sitting';
import { rosterCheckSchema } from '@/lib/validations/tests';

export const POST = route(async (ctx) => checkRosterIin(ctx.db, await ctx.body(rosterCheckSchema), ctx));
