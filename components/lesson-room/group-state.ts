import type { RoomEvent } from '@/lib/browser/lesson-room/channel';

/** A participant's microphone and camera as they say (their presence events), and a raised hand. */
export type Media = { audio: boolean; video: boolean; hand: boolean };
export type Kind = 'audio' | 'video';

/**
 * What a group lesson's page knows of the room beyond the media, folded from its log (a reload
 * replays it): each participant's media, what the tutor turned off (the server's word:
 * lib/lesson-room/controls.ts), who was removed, who is spotlighted, who may draw on the board.
 */
export interface GroupState {
  media: Record<number, Media>;
  blocked: Record<number, Record<Kind, boolean>>;
  removed: number[];
  spotlight: number | null;
  board: 'all' | 'tutor';
}

export const initialGroupState: GroupState = { media: {}, blocked: {}, removed: [], spotlight: null, board: 'all' };

const KINDS: Kind[] = ['audio', 'video'];

export function groupEvent(s: GroupState, e: RoomEvent): GroupState {
  const p = e.payload;
  if (e.kind === 'board' && e.side === 'server') return { ...s, board: p.mode === 'tutor' ? 'tutor' : 'all' };
  if (e.kind !== 'presence') return s;
  if (e.side !== 'server') {
    if (typeof p.from !== 'number') return s;
    return { ...s, media: { ...s.media, [p.from]: { audio: Boolean(p.audio), video: Boolean(p.video), hand: p.hand === true } } };
  }
  if ('spotlight' in p) return { ...s, spotlight: typeof p.spotlight === 'number' ? p.spotlight : null };
  const who = p.userId;
  if (typeof who !== 'number') return s;
  if (p.removed === true) return { ...s, removed: s.removed.includes(who) ? s.removed : [...s.removed, who], spotlight: s.spotlight === who ? null : s.spotlight };
  const blocked = { ...(s.blocked[who] ?? { audio: false, video: false }) };
  const media = { ...(s.media[who] ?? { audio: true, video: true, hand: false }) };
  for (const k of KINDS) {
    if (p.mutedBy && p[k] === false) {
      blocked[k] = true;
      media[k] = false;
    }
    if (p.allowedBy && p[k] === true) blocked[k] = false;
  }
  return { ...s, blocked: { ...s.blocked, [who]: blocked }, media: { ...s.media, [who]: media } };
}

/** What the tutor's event changes on this participant's own page: the track to turn off, or the block lifted. */
export function ownChange(e: RoomEvent, me: number | undefined): { kind: Kind; blocked: boolean } | null {
  const p = e.payload;
  if (e.kind !== 'presence' || e.side !== 'server' || p.userId !== me) return null;
  for (const k of KINDS) {
    if (p.mutedBy && p[k] === false) return { kind: k, blocked: true };
    if (p.allowedBy && p[k] === true) return { kind: k, blocked: false };
  }
  return null;
}
