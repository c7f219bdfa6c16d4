import 'server-only';
import { randomInt } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { errorForLog } from '@/lib/api/error-log';
import { lessons, lessonSfuAdmissions, lessonSfuRooms } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { SfuError, VIDEOROOM_ERRORS } from '@/lib/sfu/janus-http';
import type { SfuRoom } from '@/lib/sfu/placement';
import { admitParticipant, createRoom, destroyRoom, listParticipants, muteParticipant } from '@/lib/sfu/rooms';
import { tokenTtlSeconds } from '@/lib/sfu/token';
import { enterRoom, type RoomLesson } from './access';
import { blocksOf, holdBlocks, type BlockOps } from './controls';
import { iceServers } from './turn';

// A group lesson's media goes through Janus (docs/architecture.md, "The group room"): the lesson's
// VideoRoom is created by our server on first use, placed on one of JANUS_SERVERS and kept with the
// lesson (lesson_sfu_rooms); each admitted participant gets its own signed, time-limited token put
// on that room's allowed list, the room's pin, and a feed id of its own. The room's secret never
// leaves our server.

/** What lib/sfu does for this module (the tests put fakes here). */
export interface SfuOps extends BlockOps {
  createRoom: (lessonKey: string) => Promise<SfuRoom>;
  admitParticipant: typeof admitParticipant;
}
const realOps: SfuOps = { createRoom: (key) => createRoom(key), admitParticipant, listParticipants, muteParticipant };

/** A participant's feed ids are `userId × FEED_SPAN + n`: the tutor's moderation finds a person's feeds by them. */
export const FEED_SPAN = 1_000_000;
export const feedOwner = (feedId: number) => Math.floor(feedId / FEED_SPAN);

const asSfuRoom = (r: typeof lessonSfuRooms.$inferSelect): SfuRoom => ({ serverId: r.serverId, room: r.room, pin: r.pin, secret: r.secret });

/** A failure of Janus as the API answers it: 503 `sfu_unavailable` (logged); an ApiError goes through. */
export function sfuUnavailable(err: unknown): never {
  if (err instanceof ApiError) throw err;
  console.error('[sfu] the group room could not be reached:', errorForLog(err));
  throw new ApiError(503, 'sfu_unavailable');
}

/** The lesson's stored room, if it has one. */
export async function storedRoom(db: Db, lessonId: number): Promise<SfuRoom | null> {
  const [row] = await db.select().from(lessonSfuRooms).where(eq(lessonSfuRooms.lessonId, lessonId)).limit(1);
  return row ? asSfuRoom(row) : null;
}

/**
 * The lesson's room: the stored one, or (first use) one created now and stored. Under the lesson's
 * row lock, so two requests on two instances create one room, never two. `replace`: the stored room
 * is gone on its server (Janus restarted): a new one takes its place.
 */
export async function lessonRoom(db: Db, lesson: RoomLesson, ops: SfuOps = realOps, replace?: SfuRoom): Promise<SfuRoom> {
  if (!replace) {
    const stored = await storedRoom(db, lesson.id);
    if (stored) return stored;
  }
  return transaction(db, async (tx) => {
    await tx.execute(sql`select id from ${lessons} where ${lessons.id} = ${lesson.id} for update`);
    const stored = await storedRoom(tx, lesson.id);
    if (stored && !(replace && stored.room === replace.room && stored.serverId === replace.serverId)) return stored;
    let room: SfuRoom;
    try {
      room = await ops.createRoom(String(lesson.id));
    } catch (err) {
      sfuUnavailable(err);
    }
    if (stored) await tx.delete(lessonSfuRooms).where(eq(lessonSfuRooms.lessonId, lesson.id));
    await tx.insert(lessonSfuRooms).values({ lessonId: lesson.id, serverId: room.serverId, room: room.room, pin: room.pin, secret: room.secret });
    return room;
  });
}

/**
 * `POST /api/lessons/{id}/sfu`: a participant's access to the group lesson's room. Only the lesson's
 * tutor and seated students, in the room's window, never one the tutor removed (lib/lesson-room/access.ts
 * enterRoom); a one-on-one lesson 409 `not_group_lesson`; Janus unreachable 503 `sfu_unavailable`.
 * Returns the public Janus address, the room and its pin, a fresh token on the room's allowed list
 * (lapsing with the lesson), the feed id to publish under and the ICE servers (our coturn). The
 * tutor's standing blocks of a student (lib/lesson-room/controls.ts) are put on the new feed.
 */
export async function sfuAccess(db: Db, user: { id: number }, lessonId: number, now = new Date(), ops: SfuOps = realOps) {
  const { lesson, side } = await enterRoom(db, user, lessonId, now);
  if (lesson.kind !== 'group') throw new ApiError(409, 'not_group_lesson');
  const ttlSeconds = tokenTtlSeconds(lesson.endsAt, now);
  let room = await lessonRoom(db, lesson, ops);
  let access;
  try {
    access = await ops.admitParticipant(room, { ttlSeconds, now });
  } catch (err) {
    if (!(err instanceof SfuError && err.janusCode === VIDEOROOM_ERRORS.NO_SUCH_ROOM)) sfuUnavailable(err);
    // The room is gone from its server (a restart): a new one in its place, once.
    room = await lessonRoom(db, lesson, ops, room);
    try {
      access = await ops.admitParticipant(room, { ttlSeconds, now });
    } catch (again) {
      sfuUnavailable(again);
    }
  }
  const feedId = user.id * FEED_SPAN + randomInt(1, FEED_SPAN);
  await db.insert(lessonSfuAdmissions).values({ lessonId: lesson.id, userId: user.id, token: access.token, feedId, expiresAt: access.expiresAt, createdAt: now });
  // A student whose microphone or camera the tutor turned off comes back with a new feed: Janus mutes it once it publishes.
  const blocks = side === 'student' ? await blocksOf(db, lesson.id, user.id) : null;
  if (blocks && (blocks.audio || blocks.video)) void holdBlocks(room, feedId, blocks, ops);
  const ice = iceServers(`${lesson.id}-${side}-${user.id}`, lesson.endsAt, now);
  return {
    side,
    url: access.url,
    room: access.room,
    pin: access.pin,
    token: access.token,
    expiresAt: access.expiresAt.toISOString(),
    feedId,
    display: String(user.id),
    iceServers: ice.servers,
    iceExpiresAt: ice.expiresAt?.toISOString() ?? null,
  };
}

/** The tokens issued to one participant of a lesson (moderation takes them off the allowed list). */
export async function admissionsOf(db: Db, lessonId: number, userId: number) {
  return db.select().from(lessonSfuAdmissions).where(and(eq(lessonSfuAdmissions.lessonId, lessonId), eq(lessonSfuAdmissions.userId, userId)));
}

/** How long after a group lesson's end its Janus room is destroyed (the room's window closes at the end). */
export const SFU_ROOM_CLOSE_AFTER_MINUTES = 15;

/**
 * Destroys the Janus rooms of group lessons that ended SFU_ROOM_CLOSE_AFTER_MINUTES ago or were
 * cancelled, and forgets them (their rows go), so the servers' open-room counts that placement reads
 * (lib/sfu/placement.ts) stay true. A room Janus no longer has, or whose server has left JANUS_SERVERS,
 * is forgotten too; a server that does not answer keeps its rows for the next pass. At most 100 a pass.
 */
export async function closeEndedSfuRooms(db: Db, now = new Date(), destroy: (room: SfuRoom) => Promise<boolean> = destroyRoom): Promise<number> {
  const before = new Date(now.getTime() - SFU_ROOM_CLOSE_AFTER_MINUTES * 60_000);
  const rows = await db
    .select({ r: lessonSfuRooms })
    .from(lessonSfuRooms)
    .innerJoin(lessons, eq(lessons.id, lessonSfuRooms.lessonId))
    .where(or(lt(lessons.endsAt, before), eq(lessons.status, 'cancelled')))
    .limit(100);
  let closed = 0;
  for (const { r } of rows) {
    try {
      await destroy(asSfuRoom(r));
    } catch (err) {
      if (!(err instanceof SfuError && err.code === 'not_configured')) {
        console.warn(`[sfu] the room of lesson ${r.lessonId} could not be destroyed now (tried again later):`, errorForLog(err));
        continue;
      }
    }
    await db.delete(lessonSfuRooms).where(eq(lessonSfuRooms.lessonId, r.lessonId));
    closed++;
  }
  return closed;
}

