import 'server-only';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { lessonRoomRemovals } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isLessonStudent } from '@/lib/lessons/group-money';
import { disallowToken, kick, listParticipants, muteParticipant } from '@/lib/sfu/rooms';
import { enterRoom, isRemoved } from './access';
import { muteStream, PUBLISHED_MIDS } from './controls';
import { appendEvent } from './events';
import { admissionsOf, feedOwner, storedRoom, sfuUnavailable } from './sfu';

// The tutor's moderation of a group lesson (POST /api/lessons/{id}/room/moderate): turn a student's
// microphone or camera off (or let it back), every student's microphone off, remove a student with a
// reason, spotlight one participant for everyone, and say who may draw on the board. Janus does the
// muting and the kicking (lib/sfu, with the room's secret); the room's log tells every page (an event
// of the server) and is where the standing state is read from (lib/lesson-room/controls.ts: a block
// holds for the rest of the lesson, a student's stroke is refused while the board is the tutor's); a
// removal is kept (lesson_room_removals), so the access, the page, the stream and the chat refuse
// that student for the rest of the lesson.

const kind = z.enum(['audio', 'video']).default('audio');
export const moderateSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('mute'), userId: z.number().int().positive(), kind }).strict(),
  z.object({ action: z.literal('unmute'), userId: z.number().int().positive(), kind }).strict(),
  z.object({ action: z.literal('mute_all') }).strict(),
  z.object({ action: z.literal('remove'), userId: z.number().int().positive(), reason: z.string().trim().min(1).max(500) }).strict(),
  z.object({ action: z.literal('spotlight'), userId: z.number().int().positive().nullable() }).strict(),
  z.object({ action: z.literal('board'), mode: z.enum(['all', 'tutor']) }).strict(),
]);
export type ModerateInput = z.output<typeof moderateSchema>;

/** What lib/sfu does for this module (the tests put fakes here). */
export interface ModerateOps {
  listParticipants: typeof listParticipants;
  muteParticipant: typeof muteParticipant;
  disallowToken: typeof disallowToken;
  kick: typeof kick;
}
const realOps: ModerateOps = { listParticipants, muteParticipant, disallowToken, kick };

export async function moderate(db: Db, user: { id: number }, lessonId: number, input: ModerateInput, now = new Date(), ops: ModerateOps = realOps) {
  const { lesson, side } = await enterRoom(db, user, lessonId, now);
  if (lesson.kind !== 'group') throw new ApiError(409, 'not_group_lesson');
  if (side !== 'tutor') throw new ApiError(403, 'forbidden');
  const target = 'userId' in input ? input.userId : null;
  // Everyone but the tutor must be a seated student; the spotlight may be on the tutor, never on one removed.
  if (target !== null && !(input.action === 'spotlight' && target === user.id)) {
    if (!(await isLessonStudent(db, lesson, target))) throw new ApiError(404, 'not_found');
    if (input.action === 'spotlight' && (await isRemoved(db, lesson.id, target))) throw new ApiError(404, 'not_found');
  }
  const tell = (payload: Record<string, unknown>, eventKind: 'presence' | 'board' = 'presence') => appendEvent(db, lesson, 'server', { kind: eventKind, payload }, now);
  if (input.action === 'spotlight') {
    await tell({ spotlight: input.userId });
    return { spotlight: input.userId };
  }
  if (input.action === 'board') {
    await tell({ mode: input.mode }, 'board');
    return { board: input.mode };
  }
  const room = await storedRoom(db, lesson.id);
  const feeds = async (userId?: number) => {
    if (!room) return [];
    try {
      return (await ops.listParticipants(room)).filter((p) => p.publisher && (userId === undefined ? feedOwner(p.id) !== user.id : feedOwner(p.id) === userId));
    } catch (err) {
      return sfuUnavailable(err);
    }
  };
  if (input.action === 'remove') {
    await db.insert(lessonRoomRemovals).values({ lessonId: lesson.id, userId: input.userId, byUserId: user.id, reason: input.reason, createdAt: now }).onConflictDoNothing();
    // Every page told first (the removed one closes with the reason's message), then Janus.
    await tell({ userId: input.userId, removed: true });
    if (room) {
      try {
        // Off the allowed list first (a kicked page cannot come back with its token), then out.
        const tokens = (await admissionsOf(db, lesson.id, input.userId)).map((a) => a.token);
        if (tokens.length) await ops.disallowToken(room, tokens);
        for (const p of await feeds(input.userId)) await ops.kick(room, p.id);
      } catch (err) {
        sfuUnavailable(err);
      }
    }
    return { removed: input.userId };
  }
  const targets = input.action === 'mute_all' ? await feeds() : await feeds(input.userId);
  const media = input.action === 'mute_all' ? 'audio' : input.kind;
  const mute = input.action !== 'unmute';
  try {
    for (const p of targets) await muteStream(ops, room!, p.id, PUBLISHED_MIDS[media], mute);
  } catch (err) {
    sfuUnavailable(err);
  }
  // One student's block stands even while they have no feed (it is put on the next one: sfu.ts); "all" is whoever is publishing.
  const users = input.action === 'mute_all' ? [...new Set(targets.map((p) => feedOwner(p.id)))] : [input.userId];
  for (const userId of users) await tell(mute ? { userId, mutedBy: 'tutor', [media]: false } : { userId, allowedBy: 'tutor', [media]: true });
  return mute ? { muted: users } : { allowed: users };
}
