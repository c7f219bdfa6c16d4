import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { enterRoom, ROOM_OPENS_MINUTES } from './access';
import { iceServers } from './turn';

/** What the room page needs to start: the lesson, the caller's side, the other's name, the ICE servers. */
export async function roomInfo(db: Db, user: { id: number }, lessonId: number, now = new Date()) {
  const { lesson, side } = await enterRoom(db, user, lessonId, now);
  const otherId = side === 'tutor' ? lesson.studentId : lesson.tutorId;
  const [other] = otherId ? await db.select({ name: users.name, lastname: users.lastname }).from(users).where(eq(users.id, otherId)).limit(1) : [];
  const ice = iceServers(`${lesson.id}-${side}`, lesson.endsAt, now);
  return {
    lesson: { id: lesson.id, subject: lesson.subject, status: lesson.status, startsAt: lesson.startsAt.toISOString(), endsAt: lesson.endsAt.toISOString() },
    side,
    other: { name: [other?.name, other?.lastname].filter(Boolean).join(' ') },
    iceServers: ice.servers,
    /** When the TURN credentials lapse (the lesson's end and 10 minutes, or sooner: the page fetches new ones). */
    iceExpiresAt: ice.expiresAt?.toISOString() ?? null,
    opensMinutes: ROOM_OPENS_MINUTES,
    heldMinutes: env().LESSON_HELD_MINUTES,
  };
}
