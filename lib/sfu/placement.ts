import type { JanusServer } from '@/lib/validations/janus-servers';

// Where a new group lesson's room goes (docs/operations.md, "Group lessons' SFU (Janus)"). Pure: the
// caller says how many rooms each server holds, this picks one, and the caller stores the choice
// with the lesson (an SfuRoom: the server's id, the room, its pin and secret), so every later call
// for that lesson goes to the same server whatever the list becomes.
//
// The rule: the fewest open rooms for its weight (rooms ÷ weight), skipping servers at maxRooms; a
// tie goes to the highest rendezvous hash of (lesson, server), so two instances placing at the same
// moment with the same counts spread their rooms instead of both taking the first server. Why fewest
// rooms and not a stable hash alone: a server added to the list gets the new rooms until it holds
// its share, instead of a fixed 1/N while the old ones stay full; a room's place never moves anyway
// (it is stored), which is what a stable hash would have been for.

/** One room on one Janus server, as the caller stores it with the lesson. */
export interface SfuRoom {
  /** The server's id in JANUS_SERVERS. */
  serverId: string;
  /** The VideoRoom's numeric id (random, below 2^53). */
  room: number;
  /** What a participant needs to join (given to the lesson's own participants only). */
  pin: string;
  /** What edits, kicks, mutes and destroys the room (never leaves our server). */
  secret: string;
}

/** A stable, well-spread 32-bit hash of a short string: FNV-1a, then MurmurHash3's final mix (FNV alone leaves the last characters in the low bits). */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The server for a new room: the least loaded for its weight among those under their maxRooms,
 * ties broken by a rendezvous hash of `key` (the lesson's id). `openRooms`: rooms each server holds,
 * by id (missing: 0). Null when every server is full (or none is given).
 */
export function pickServer(servers: readonly JanusServer[], openRooms: Readonly<Record<string, number>>, key: string): JanusServer | null {
  let best: { server: JanusServer; load: number; hash: number } | null = null;
  for (const server of servers) {
    const rooms = openRooms[server.id] ?? 0;
    if (server.maxRooms !== undefined && rooms >= server.maxRooms) continue;
    const load = rooms / server.weight;
    const hash = hash32(`${key}\u0000${server.id}`);
    if (!best || load < best.load || (load === best.load && hash > best.hash)) best = { server, load, hash };
  }
  return best?.server ?? null;
}
