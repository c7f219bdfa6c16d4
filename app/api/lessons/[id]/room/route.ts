// GET /api/lessons/{id}/room - the lesson's tutor or student (bearer), from 10 minutes before the start to the end: the room's start data and ICE servers.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { roomInfo } from '@/lib/lesson-room/room';

export const GET = route(async (ctx) => roomInfo(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params)));
