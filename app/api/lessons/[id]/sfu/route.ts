// POST /api/lessons/{id}/sfu - a group lesson's tutor or seated student (bearer), in the room's window: the access to its Janus room (public URL, room, pin, token, feed id) and the ICE servers.
import { route } from '@/lib/api/route';
import { idParam } from '@/lib/api/params';
import { requireUser } from '@/lib/auth/http';
import { sfuAccess } from '@/lib/lesson-room/sfu';

export const dynamic = 'force-dynamic';

export const POST = route(async (ctx) => sfuAccess(ctx.db, await requireUser(ctx.db, ctx.req), idParam(ctx.params)));
