import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { type RoomSide, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { shortName } from '@/lib/mask';
import { lessonStudentIds } from '@/lib/lessons/group-money';
import { enterRoom, ROOM_OPENS_MINUTES } from './access';
import { iceServers } from './turn';

/** What the room page needs to start: the lesson, the caller's side, the other's name, the ICE servers. */
export async function roomInfo(db: Db, user: { id: number }, lessonId: number, now = new Date()) {
  const { lesson, side } = await enterRoom(db, user, lessonId, now);
  const otherId = side === 'tutor' ? lesson.studentId : lesson.tutorId;
  const [other] = otherId ? await db.select({ name: users.name, lastname: users.lastname }).from(users).where(eq(users.id, otherId)).limit(1) : [];
  const group = lesson.kind === 'group';
  const ice = iceServers(group ? `${lesson.id}-${side}-${user.id}` : `${lesson.id}-${side}`, lesson.endsAt, now);
  // A group lesson: who may be in it (the tutor and the seated students), first names and last names' first letter.
  let people: { id: number; side: RoomSide; name: string }[] | undefined;
  if (group) {
    const ids = [lesson.tutorId, ...(await lessonStudentIds(db, lesson))];
    const rows = await db.select({ id: users.id, name: users.name, lastname: users.lastname }).from(users).where(inArray(users.id, ids));
    people = ids.map((id) => {
      const r = rows.find((u) => u.id === id);
      return { id, side: id === lesson.tutorId ? ('tutor' as const) : ('student' as const), name: shortName(r?.name, r?.lastname) };
    });
  }
  return {
    lesson: { id: lesson.id, subject: lesson.subject, status: lesson.status, startsAt: lesson.startsAt.toISOString(), endsAt: lesson.endsAt.toISOString() },
    side,
    kind: group ? ('group' as const) : ('single' as const),
    me: user.id,
    ...(people ? { people } : {}),
    // A group lesson: the tutor for a student, the seated students for the tutor.
    other: { name: people ? people.filter((p) => p.side !== side).map((p) => p.name).join(', ') : [other?.name, other?.lastname].filter(Boolean).join(' ') },
    iceServers: ice.servers,
    /** When the TURN credentials lapse (the lesson's end and 10 minutes, or sooner: the page fetches new ones). */
    iceExpiresAt: ice.expiresAt?.toISOString() ?? null,
    opensMinutes: ROOM_OPENS_MINUTES,
    heldMinutes: env().LESSON_HELD_MINUTES,
  };
}
