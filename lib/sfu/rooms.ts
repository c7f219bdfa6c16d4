import 'server-only';
import { randomBytes } from 'node:crypto';
import type { JanusServer } from '@/lib/validations/janus-servers';
import { janusServers, serverById } from './config';
import { SfuError, VIDEOROOM_ERRORS, withVideoRoom } from './janus-http';
import { pickServer, type SfuRoom } from './placement';
import { issueTokenWithSecret } from './token';

// A group lesson's room on a Janus VideoRoom (plugins/janus_videoroom.c of Janus 1.1.2, its
// synchronous requests create, destroy, list, allowed, kick, moderate, listparticipants). Only our
// server creates rooms (the API secret and the plugin's admin_key) and keeps each room's secret;
// a participant gets the room's pin and a signed token of its own that the room's allowed list
// names (admitParticipant). docs/operations.md, "Group lessons' SFU (Janus)".

/** A tutor and up to six students publish at once. */
export const MAX_PUBLISHERS = 7;

/**
 * The VideoRoom settings of every room. Simulcast needs no room setting in Janus: a publisher that
 * offers layers (rid) is relayed layer by layer, and each subscriber picks one (`substream`); VP8
 * and H.264 both carry it (VP9 would need SVC instead), VP8 first as every browser encodes it.
 */
export const ROOM_SETTINGS = {
  publishers: MAX_PUBLISHERS,
  videocodec: 'vp8,h264',
  audiocodec: 'opus',
  opus_fec: true,
  // The most a publisher sends, all its layers together (REMB), and publishers cannot raise it:
  // 640×360 at about 500 kbit/s plus 320×180 at about 150 kbit/s fit (docs/operations.md, sizing).
  bitrate: 800_000,
  bitrate_cap: true,
  // A keyframe every 10 s at the latest: a new subscriber or a layer switch never waits long.
  fir_freq: 10,
  // Talking / stopped-talking events: the phone's view follows the active speaker.
  audiolevel_event: true,
  // Hidden from `list` without the admin key; subscribing needs a publisher's private_id (so
  // only an admitted participant can receive); nothing is recorded, and only the secret could start it.
  is_private: true,
  require_pvtid: true,
  record: false,
  lock_record: true,
  // The tutor sees a student who joined before the camera started.
  notify_joining: true,
  permanent: false,
} as const;

const secretText = () => randomBytes(18).toString('base64url');

/** A random room id in 1 … 2^53 − 1 (JSON numbers stay exact in JavaScript). */
function randomRoomId(): number {
  for (;;) {
    const id = Number(randomBytes(8).readBigUInt64BE(0) >> 11n);
    if (id > 0) return id;
  }
}

/** How many rooms each reachable server holds now (VideoRoom `list` with the admin key); an unreachable server is left out. */
export async function openRoomCounts(servers: readonly JanusServer[] = janusServers()): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const results = await Promise.allSettled(
    servers.map((server) =>
      withVideoRoom(server, async (vr) => {
        const data = await vr.message({ request: 'list', admin_key: server.adminKey });
        counts[server.id] = Array.isArray(data.list) ? data.list.length : 0;
      }),
    ),
  );
  for (const [i, r] of results.entries()) {
    if (r.status === 'rejected') console.warn(`[sfu] ${servers[i]!.id} left out of placement: ${(r.reason as Error).message}`);
  }
  return counts;
}

/**
 * Creates the lesson's room: on `opts.server`, or on the server pickServer chooses from the live
 * room counts of the reachable ones (openRoomCounts). Returns what the caller stores with the lesson.
 */
export async function createRoom(lessonId: string, opts: { server?: JanusServer; servers?: readonly JanusServer[] } = {}): Promise<SfuRoom> {
  let server = opts.server;
  if (!server) {
    const servers = opts.servers ?? janusServers();
    if (!servers.length) throw new SfuError('not_configured', 'no Janus server configured (JANUS_SERVERS)');
    const counts = await openRoomCounts(servers);
    const reachable = servers.filter((s) => s.id in counts);
    if (!reachable.length) throw new SfuError('unreachable', 'no Janus server answered');
    server = pickServer(reachable, counts, lessonId) ?? undefined;
    if (!server) throw new SfuError('full', 'every Janus server holds its maxRooms');
  }
  const pin = secretText();
  const secret = secretText();
  return withVideoRoom(server, async (vr) => {
    for (let attempt = 0; ; attempt++) {
      const room = randomRoomId();
      try {
        await vr.message({
          request: 'create',
          admin_key: server.adminKey,
          room,
          description: `lesson ${lessonId}`.slice(0, 100),
          secret,
          pin,
          // The ACL starts empty and on: only tokens added with allowToken may join as publishers.
          allowed: [],
          ...ROOM_SETTINGS,
        });
        return { serverId: server.id, room, pin, secret };
      } catch (err) {
        if (attempt < 2 && err instanceof SfuError && err.janusCode === VIDEOROOM_ERRORS.ROOM_EXISTS) continue;
        throw err;
      }
    }
  });
}

/** Destroys the room (everyone in it is sent away). False when it was not there (already destroyed, or Janus restarted). */
export async function destroyRoom(room: SfuRoom): Promise<boolean> {
  return withVideoRoom(serverById(room.serverId), async (vr) => {
    try {
      await vr.message({ request: 'destroy', room: room.room, secret: room.secret, permanent: false });
      return true;
    } catch (err) {
      if (err instanceof SfuError && err.janusCode === VIDEOROOM_ERRORS.NO_SUCH_ROOM) return false;
      throw err;
    }
  });
}

async function changeAllowed(room: SfuRoom, action: 'add' | 'remove', tokens: readonly string[]): Promise<void> {
  await withVideoRoom(serverById(room.serverId), (vr) => vr.message({ request: 'allowed', room: room.room, secret: room.secret, action, allowed: [...tokens] }));
}

/** Puts tokens on the room's allowed list: their holders may join it (with the pin). */
export const allowToken = (room: SfuRoom, token: string | readonly string[]) => changeAllowed(room, 'add', typeof token === 'string' ? [token] : token);

/** Takes tokens off the room's allowed list: their holders cannot join again (kick sends one already in away). */
export const disallowToken = (room: SfuRoom, token: string | readonly string[]) => changeAllowed(room, 'remove', typeof token === 'string' ? [token] : token);

/**
 * Sends a participant out of the room (Janus closes their PeerConnections). Alone it does not keep
 * them out: disallowToken their token first. False when they were not in the room (or it is gone).
 */
export async function kick(room: SfuRoom, participantId: number): Promise<boolean> {
  return withVideoRoom(serverById(room.serverId), async (vr) => {
    try {
      await vr.message({ request: 'kick', room: room.room, secret: room.secret, id: participantId });
      return true;
    } catch (err) {
      const code = err instanceof SfuError ? err.janusCode : undefined;
      if (code === VIDEOROOM_ERRORS.NO_SUCH_FEED || code === VIDEOROOM_ERRORS.NO_SUCH_ROOM) return false;
      throw err;
    }
  });
}

/**
 * Mutes (or lets again) one of a participant's streams, by its mid: Janus stops relaying it and the
 * others are told (`moderate`). The mids are in the publisher's `streams` of the VideoRoom's events
 * (`{type: 'audio', mid: '0'}`), which every participant's page sees. Unmuting lifts only the
 * moderator's block: a participant who muted themselves stays muted.
 */
export async function muteParticipant(room: SfuRoom, participantId: number, opts: { mid: string; mute?: boolean }): Promise<void> {
  await withVideoRoom(serverById(room.serverId), (vr) =>
    vr.message({ request: 'moderate', room: room.room, secret: room.secret, id: participantId, mid: opts.mid, mute: opts.mute ?? true }),
  );
}

export interface SfuParticipant {
  id: number;
  display?: string;
  /** Sending media now. */
  publisher: boolean;
  /** Talking now (audio levels), when publishing audio. */
  talking?: boolean;
}

/** Who is in the room (publishing or not). */
export async function listParticipants(room: SfuRoom): Promise<SfuParticipant[]> {
  return withVideoRoom(serverById(room.serverId), async (vr) => {
    const data = await vr.message({ request: 'listparticipants', room: room.room });
    const list = Array.isArray(data.participants) ? (data.participants as Record<string, unknown>[]) : [];
    return list.map((p) => ({
      id: Number(p.id),
      ...(typeof p.display === 'string' ? { display: p.display } : {}),
      publisher: p.publisher === true,
      ...(typeof p.talking === 'boolean' ? { talking: p.talking } : {}),
    }));
  });
}

/** A signed token for the room's server, unique to one participant, lapsing `ttlSeconds` from now (lib/sfu/token.ts tokenTtlSeconds). */
export function issueToken(room: Pick<SfuRoom, 'serverId'>, opts: { ttlSeconds: number; now?: Date }): { token: string; expiresAt: Date } {
  return issueTokenWithSecret(serverById(room.serverId).tokenSecret, opts);
}

/** What one participant's browser needs to enter the room: never the room's secret, never another room. */
export interface SfuAccess {
  /** The Janus address for browsers (publicUrl). */
  url: string;
  room: number;
  pin: string;
  /** The signed token: for every Janus request (`token`) and the join (`token` in the VideoRoom's body). */
  token: string;
  expiresAt: Date;
}

/** Issues a participant's token and puts it on the room's allowed list: what the room page hands to that participant. */
export async function admitParticipant(room: SfuRoom, opts: { ttlSeconds: number; now?: Date }): Promise<SfuAccess> {
  const server = serverById(room.serverId);
  const { token, expiresAt } = issueTokenWithSecret(server.tokenSecret, opts);
  await allowToken(room, token);
  return { url: server.publicUrl, room: room.room, pin: room.pin, token, expiresAt };
}
