export interface RoomInfo {
  lesson: { id: number; subject: string; status: string; startsAt: string; endsAt: string };
  side: 'student' | 'tutor';
  other: { name: string };
  iceServers: RTCIceServer[];
  /** When the TURN credentials lapse (null: no relay); fetched again before, while the lesson runs. */
  iceExpiresAt: string | null;
  opensMinutes: number;
  heldMinutes: number;
  /** `group`: a group lesson (media through Janus, components/lesson-room/group-room.tsx). */
  kind?: 'single' | 'group';
  /** The caller's user id. */
  me?: number;
  /** A group lesson's tutor and seated students. */
  people?: { id: number; side: 'student' | 'tutor'; name: string }[];
}

/** What the person chose on the pre-join screen. */
export interface JoinMedia {
  stream: MediaStream | null;
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
}

export const roomButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-300 disabled:opacity-60';
