// GET /api/lessons/{id}/record - the lesson's tutor or student (bearer), once it has started: chat, notes, words, the board as it ended, the report, the minutes together.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { lessonRecord } from '@/lib/lesson-room/record';

export const GET = route(async (ctx) => lessonRecord(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params)));
