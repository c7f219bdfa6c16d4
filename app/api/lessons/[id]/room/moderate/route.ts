// POST /api/lessons/{id}/room/moderate {action: mute, userId, kind?} | {action: mute_all} | {action: remove, userId, reason} - a group lesson's tutor (bearer), in the room's window: mutes a student's microphone (or camera), every student's microphone, or removes a student for the rest of the lesson (the reason kept).
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { moderate, moderateSchema } from '@/lib/lesson-room/moderate';

export const dynamic = 'force-dynamic';

export const POST = route(async (ctx) => moderate(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params), await ctx.body(moderateSchema)));
