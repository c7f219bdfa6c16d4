import 'server-only';
import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { errorForLog } from '@/lib/api/error-log';
import { lessonRoomEvents } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { SfuError, VIDEOROOM_ERRORS } from '@/lib/sfu/janus-http';
import type { SfuParticipant } from '@/lib/sfu/rooms';
import type { SfuRoom } from '@/lib/sfu/placement';

// What the tutor of a group lesson has set and what stands until they change it, read from the
// room's log (the one record every page reads too): whose microphone or camera the tutor turned off
// (a `presence` event of the server `{userId, mutedBy: 'tutor', audio|video: false}`, lifted by
// `{userId, allowedBy: 'tutor', audio|video: true}`), and who may draw on the board (a `board` event
// of the server `{mode}`). The spotlight is a server `presence` event too, read by the pages only.

export type MediaKind = 'audio' | 'video';
export type Blocks = Record<MediaKind, boolean>;
export type BoardMode = 'all' | 'tutor';

/** The mids our page publishes under (lib/browser/lesson-room/janus.ts adds the audio transceiver first, then the video). */
export const PUBLISHED_MIDS = { audio: '0', video: '1' } as const;

/** The tutor's standing blocks of one participant: which of their streams Janus must not relay. */
export async function blocksOf(db: Db, lessonId: number, userId: number): Promise<Blocks> {
  const rows = await db
    .select({ payload: lessonRoomEvents.payload })
    .from(lessonRoomEvents)
    .where(
      and(
        eq(lessonRoomEvents.lessonId, lessonId),
        eq(lessonRoomEvents.kind, 'presence'),
        eq(lessonRoomEvents.side, 'server'),
        sql`${lessonRoomEvents.payload}->>'userId' = ${String(userId)}`,
        or(isNotNull(sql`${lessonRoomEvents.payload}->>'mutedBy'`), isNotNull(sql`${lessonRoomEvents.payload}->>'allowedBy'`)),
      ),
    )
    .orderBy(asc(lessonRoomEvents.seq));
  const blocks: Blocks = { audio: false, video: false };
  for (const { payload } of rows) {
    for (const kind of ['audio', 'video'] as const) {
      if (payload.mutedBy && payload[kind] === false) blocks[kind] = true;
      if (payload.allowedBy && payload[kind] === true) blocks[kind] = false;
    }
  }
  return blocks;
}

/**
 * Who may draw on the group lesson's board now: 'all' (the start) or 'tutor'. Read inside the
 * event's transaction, after the room's row lock, so a stroke and the tutor's switch are ordered.
 */
export async function boardMode(db: Db, lessonId: number): Promise<BoardMode> {
  const [row] = await db
    .select({ payload: lessonRoomEvents.payload })
    .from(lessonRoomEvents)
    .where(and(eq(lessonRoomEvents.lessonId, lessonId), eq(lessonRoomEvents.kind, 'board'), eq(lessonRoomEvents.side, 'server')))
    .orderBy(desc(lessonRoomEvents.seq))
    .limit(1);
  return row?.payload.mode === 'tutor' ? 'tutor' : 'all';
}

/**
 * Mutes (or lets again) one stream of a feed. A feed that left meanwhile, or that publishes no such
 * stream (joined without a camera), is Janus's 428: nothing to mute, not a failure.
 */
export async function muteStream(ops: Pick<BlockOps, 'muteParticipant'>, room: SfuRoom, feedId: number, mid: string, mute = true): Promise<void> {
  try {
    await ops.muteParticipant(room, feedId, { mid, mute });
  } catch (err) {
    if (!(err instanceof SfuError && err.janusCode === VIDEOROOM_ERRORS.NO_SUCH_FEED)) throw err;
  }
}

/** What holdBlocks asks of lib/sfu (the tests put fakes here). */
export interface BlockOps {
  listParticipants: (room: SfuRoom) => Promise<SfuParticipant[]>;
  muteParticipant: (room: SfuRoom, participantId: number, opts: { mid: string; mute?: boolean }) => Promise<void>;
}

/** How often and how long holdBlocks looks for a newly admitted participant's feed. */
export const HOLD_BLOCKS = { everyMs: 1000, forMs: 30_000 };

/**
 * Keeps the tutor's blocks on a participant who comes back (a reload, another device: a new feed,
 * which Janus does not know was muted): watches the room until the feed publishes, then mutes the
 * blocked streams. The browser is not asked to comply; it is the server that tells Janus. Resolves
 * true once applied, false when the feed never published within `forMs`.
 */
export async function holdBlocks(room: SfuRoom, feedId: number, blocks: Blocks, ops: BlockOps, timing = HOLD_BLOCKS): Promise<boolean> {
  const kinds = (['audio', 'video'] as const).filter((k) => blocks[k]);
  if (!kinds.length) return true;
  const until = Date.now() + timing.forMs;
  for (;;) {
    try {
      if ((await ops.listParticipants(room)).some((p) => p.id === feedId && p.publisher)) {
        for (const kind of kinds) await muteStream(ops, room, feedId, PUBLISHED_MIDS[kind]);
        return true;
      }
    } catch (err) {
      console.warn(`[sfu] the tutor's block on feed ${feedId} not applied yet:`, errorForLog(err));
    }
    if (Date.now() + timing.everyMs > until) return false;
    await new Promise((r) => setTimeout(r, timing.everyMs));
  }
}
