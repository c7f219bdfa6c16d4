// npm run seed:rooms -- --out file [--rooms N] [--group S] [--force]
// For `npm run bench` (section "room"): N tutors and N students (100 by default; 0 allowed), each pair
// with a lesson whose room is open for the next 50 minutes, written to the file as { password, rooms:
// [{ lessonId, tutor, student }] } (phones). The benchmark signs them in through the login call.
// --group S (section "group-room"): also a group of a tutor who teaches groups and S students with
// paid seats, and a lesson of it open now: `group: { lessonId, tutor, students: [phones] }`.
// --words W (section "trainer"): also a student with W words in their dictionary from a held lesson, all
// due in the word trainer (never reviewed): `trainer: { student, words }`.
// Refuses NODE_ENV=production without --force and an embedded database a running server holds.
// Run with tsx under react-server.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '@/lib/auth/password';
import { openDb } from '@/lib/db/open';
import { demoTutorsOnOpen } from '@/lib/server/demo-tutors';
import type { Actor } from '@/lib/audit/log';
import { groupSeats, lessons, lessonWords, tutorApplications, tutorProfiles, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { createGroup, openGroup, setTeachesGroups } from '@/lib/groups/admin';
import { groupSchema } from '@/lib/validations/groups';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { env } from '@/lib/env';
import { readInstanceMark } from '@/lib/server/instance-mark';

const { values } = parseArgs({ options: { out: { type: 'string' }, rooms: { type: 'string', default: '100' }, group: { type: 'string' }, words: { type: 'string' }, force: { type: 'boolean', default: false } } });

export const BENCH_ROOM_PASSWORD = 'Bench2024room';

function refuse(message: string): never {
  console.error(`seed:rooms: ${message}`);
  process.exit(2);
}

/** A phone of its own per seat: +7 775 9SS NN NN (S: 0 tutor, 1 student; N: the room). */
const phone = (side: number, n: number) => {
  const d = String(side * 10_000 + n).padStart(7, '0');
  return `+7775${d}`;
};

/**
 * A group as the school makes one (a tutor approved and teaching groups, the group created and opened
 * by staff, its dated lessons weeks away) with `size` paid seats, and one more lesson of it open now.
 */
async function groupLesson(db: Db, size: number, passwordHash: string, startsAt: Date, endsAt: Date) {
  const now = new Date();
  const staff: Actor = { kind: 'staff', id: null, label: 'seed:rooms', ipHash: 'seed' };
  const [tutor] = await db.insert(users).values({ role: 'tutor', scope: 'tutor tutor:bookable', name: 'Гүлнар', lastname: 'Топ', phone: phone(2, 0), passwordHash }).returning({ id: users.id, phone: users.phone });
  await db.insert(tutorApplications).values({ userId: tutor!.id, status: 'approved', reviewDueAt: now, decidedAt: now });
  const profile = { ...emptyProfile(), price: 6000, subjects: ['english'] as never, teachingLanguages: ['ru'] as never };
  await db.insert(tutorProfiles).values({ userId: tutor!.id, slug: `bench-group-${tutor!.id}`, draft: profile, published: profile, publishedAt: now });
  await setTeachesGroups(db, staff, tutor!.id, true);
  const start = new Date(now.getTime() + 30 * 86_400_000);
  const v = groupSchema.parse({ subject: 'english', level: 'A2', ageBand: 'adults', tutorId: tutor!.id, weekdays: [((start.getUTCDay() + 6) % 7) + 1], startTime: '15:00', durationMinutes: 60, startDate: start.toISOString().slice(0, 10), lessons: 2, minSeats: 1, maxSeats: 6, pricePerLesson: 3500 });
  const made = await openGroup(db, staff, (await createGroup(db, staff, v, now)).id, now);
  const students = await db
    .insert(users)
    .values(Array.from({ length: size }, (_, n) => ({ role: 'student' as const, name: ['Әлия', 'Нұрлан', 'Мадина', 'Дана', 'Ерлан', 'Сәуле'][n] ?? 'Әлия', lastname: 'Топ', phone: phone(3, n), passwordHash })))
    .returning({ id: users.id, phone: users.phone });
  const coversFrom = new Date(now.getTime() - 86_400_000);
  await db.insert(groupSeats).values(students.map((s) => ({ groupId: made.id, studentId: s.id, status: 'paid' as const, lessons: 3, perLessonTiyn: 350_000, amountTiyn: 1_050_000, coversFrom, paidAt: coversFrom })));
  const [lesson] = await db.insert(lessons).values({ tutorId: tutor!.id, kind: 'group', groupId: made.id, subject: 'english', status: 'booked', startsAt, endsAt }).returning({ id: lessons.id });
  return { lessonId: lesson!.id, tutor: tutor!.phone, students: students.map((s) => s.phone) };
}

/** A student whose dictionary holds `count` words from one held lesson (the trainer's bench): all due, never reviewed. */
async function trainerStudent(db: Db, count: number, passwordHash: string) {
  const [tutor] = await db.insert(users).values({ role: 'tutor', scope: 'tutor', name: 'Гүлнар', lastname: 'Сөздік', phone: phone(4, 0), passwordHash }).returning({ id: users.id });
  const [student] = await db.insert(users).values({ role: 'student', name: 'Әлия', lastname: 'Сөздік', phone: phone(4, 1), passwordHash }).returning({ id: users.id, phone: users.phone });
  const held = new Date(Date.now() - 86_400_000);
  const [lesson] = await db.insert(lessons).values({ tutorId: tutor!.id, studentId: student!.id, subject: 'kazakh', status: 'held', startsAt: held, endsAt: new Date(held.getTime() + 50 * 60_000) }).returning({ id: lessons.id });
  for (let i = 0; i < count; i += 500) {
    await db.insert(lessonWords).values(Array.from({ length: Math.min(500, count - i) }, (_, k) => ({ lessonId: lesson!.id, studentId: student!.id, word: `сөз ${i + k + 1}`, translation: `слово ${i + k + 1}`, lang: 'ru' as const, createdAt: held })));
  }
  return { student: student!.phone, words: count };
}

async function main() {
  const e = env();
  if (!values.out) refuse('Usage: npm run seed:rooms -- --out file [--rooms N] [--group S] [--force]');
  if (e.NODE_ENV === 'production' && !values.force) refuse('NODE_ENV=production: this writes made-up people and lessons. Add --force if you really mean it.');
  const count = Math.max(0, Math.min(1000, Number(values.rooms ?? 100)));
  const groupSize = values.group ? Math.max(1, Math.min(6, Number(values.group) || 6)) : 0;
  const dataDir = e.DATABASE_URL ? undefined : path.resolve(e.DATA_DIR);
  const running = dataDir ? readInstanceMark(dataDir) : null;
  if (running) refuse(`a server (pid ${running.pid}) has the embedded database ${dataDir} open. Stop it first.`);
  const opened = await openDb({ url: e.DATABASE_URL, dataDir });
  await demoTutorsOnOpen(opened, dataDir);
  try {
    const db = opened.db;
    const passwordHash = await hashPassword(BENCH_ROOM_PASSWORD);
    const seat = (role: 'tutor' | 'student', n: number) => ({ role, name: role === 'tutor' ? 'Гүлнар' : 'Әлия', lastname: `Бенч ${n}`, phone: phone(role === 'tutor' ? 0 : 1, n), passwordHash });
    const seats = Array.from({ length: count }, (_, n) => n);
    // Open from 10 minutes before the start: the room is open now and stays open 55 minutes.
    const startsAt = new Date(Date.now() + 5 * 60_000);
    const endsAt = new Date(startsAt.getTime() + 50 * 60_000);
    let rooms: { lessonId: number; tutor: string; student: string }[] = [];
    if (count > 0) {
      const tutors = await db.insert(users).values(seats.map((n) => seat('tutor', n))).returning({ id: users.id, phone: users.phone });
      const students = await db.insert(users).values(seats.map((n) => seat('student', n))).returning({ id: users.id, phone: users.phone });
      const made = await db
        .insert(lessons)
        .values(seats.map((n) => ({ tutorId: tutors[n]!.id, studentId: students[n]!.id, subject: 'kazakh', status: 'booked' as const, startsAt, endsAt })))
        .returning({ id: lessons.id });
      rooms = seats.map((n) => ({ lessonId: made[n]!.id, tutor: tutors[n]!.phone, student: students[n]!.phone }));
    }
    const group = groupSize ? await groupLesson(db, groupSize, passwordHash, startsAt, endsAt) : undefined;
    const wordCount = values.words ? Math.max(1, Math.min(10_000, Number(values.words) || 1000)) : 0;
    const trainer = wordCount ? await trainerStudent(db, wordCount, passwordHash) : undefined;
    writeFileSync(path.resolve(values.out), JSON.stringify({ password: BENCH_ROOM_PASSWORD, rooms, ...(group ? { group } : {}), ...(trainer ? { trainer } : {}) }), { mode: 0o600 });
    console.log(`seed:rooms: ${count} lessons${group ? ` and a group lesson of ${groupSize} students` : ''} open until ${endsAt.toISOString()}, written to ${values.out}`);
  } finally {
    await opened.close();
  }
}

main().catch((err: unknown) => {
  console.error(`seed:rooms failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
