// POST /api/cabinet/study/recordings - a spoken answer's recording as the body (WebM, Ogg or MP4 audio up to 5 MB, checked by content): answers { name }, what the speaking step's answer sends.
import { readCapped } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { RECORDING_MAX_BYTES, storeRecording } from '@/lib/library/recordings';

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    return { name: await storeRecording(ctx.db, user.id, await readCapped(ctx.req, RECORDING_MAX_BYTES)) };
  },
  { status: 201 },
);
