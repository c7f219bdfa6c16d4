import 'server-only';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { lessonRoomRemovals } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isLessonStudent } from '@/lib/lessons/group-money';
import { disallowToken, kick, listParticipants, muteParticipant } from '@/lib/sfu/rooms';
import { enterRoom } from './access';
import { appendEvent } from './events';
import { admissionsOf, feedOwner, storedRoom, sfuUnavailable } from './sfu';

// The tutor's moderation of a group lesson (POST /api/lessons/{id}/room/moderate): mute one
// participant's microphone (or camera), mute every student's microphone, remove a student with a
// reason. Janus does the muting and the kicking (lib/sfu, with the room's secret); the room's log
// tells every page (a `presence` event of the server), and a removal is kept (lesson_room_removals),
// so the access, the page, the stream and the chat refuse that student for the rest of the lesson.

export const moderateSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('mute'), userId: z.number().int().positive(), kind: z.enum(['audio', 'video']).default('audio') }).strict(),
  z.object({ action: z.literal('mute_all') }).strict(),
  z.object({ action: z.literal('remove'), userId: z.number().int().positive(), reason: z.string().trim().min(1).max(500) }).strict(),
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

/** The mids our page publishes under (lib/browser/lesson-room/janus.ts adds the audio transceiver first, then the video). */
export const PUBLISHED_MIDS = { audio: '0', video: '1' } as const;

export async function moderate(db: Db, user: { id: number }, lessonId: number, input: ModerateInput, now = new Date(), ops: ModerateOps = realOps) {
  const { lesson, side } = await enterRoom(db, user, lessonId, now);
  if (lesson.kind !== 'group') throw new ApiError(409, 'not_group_lesson');
  if (side !== 'tutor') throw new ApiError(403, 'forbidden');
  if (input.action !== 'mute_all' && !(await isLessonStudent(db, lesson, input.userId))) throw new ApiError(404, 'not_found');
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
    await appendEvent(db, lesson, 'server', { kind: 'presence', payload: { userId: input.userId, removed: true } }, now);
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
  const targets = input.action === 'mute' ? await feeds(input.userId) : await feeds();
  const kind = input.action === 'mute' ? input.kind : 'audio';
  try {
    for (const p of targets) await ops.muteParticipant(room!, p.id, { mid: PUBLISHED_MIDS[kind], mute: true });
  } catch (err) {
    sfuUnavailable(err);
  }
  const muted = [...new Set(targets.map((p) => feedOwner(p.id)))];
  for (const userId of muted) await appendEvent(db, lesson, 'server', { kind: 'presence', payload: { userId, mutedBy: 'tutor', [kind]: false } }, now);
  return { muted };
}
