// npm run seed:rooms -- --out file [--rooms N] [--force]
// For `npm run bench` (section "room"): N tutors and N students (100 by default), each pair with a
// lesson whose room is open for the next 50 minutes, written to the file as { password, rooms:
// [{ lessonId, tutor, student }] } (phones). The benchmark signs them in through the login call.
// Refuses NODE_ENV=production without --force and an embedded database a running server holds.
// Run with tsx under react-server.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '@/lib/auth/password';
import { openDb } from '@/lib/db/open';
import { demoTutorsOnOpen } from '@/lib/server/demo-tutors';
import { lessons, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { readInstanceMark } from '@/lib/server/instance-mark';

const { values } = parseArgs({ options: { out: { type: 'string' }, rooms: { type: 'string', default: '100' }, force: { type: 'boolean', default: false } } });

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

async function main() {
  const e = env();
  if (!values.out) refuse('Usage: npm run seed:rooms -- --out file [--rooms N] [--force]');
  if (e.NODE_ENV === 'production' && !values.force) refuse('NODE_ENV=production: this writes made-up people and lessons. Add --force if you really mean it.');
  const count = Math.max(1, Math.min(1000, Number(values.rooms) || 100));
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
    const tutors = await db.insert(users).values(seats.map((n) => seat('tutor', n))).returning({ id: users.id, phone: users.phone });
    const students = await db.insert(users).values(seats.map((n) => seat('student', n))).returning({ id: users.id, phone: users.phone });
    // Open from 10 minutes before the start: the room is open now and stays open 55 minutes.
    const startsAt = new Date(Date.now() + 5 * 60_000);
    const endsAt = new Date(startsAt.getTime() + 50 * 60_000);
    const made = await db
      .insert(lessons)
      .values(seats.map((n) => ({ tutorId: tutors[n]!.id, studentId: students[n]!.id, subject: 'kazakh', status: 'booked' as const, startsAt, endsAt })))
      .returning({ id: lessons.id });
    const rooms = seats.map((n) => ({ lessonId: made[n]!.id, tutor: tutors[n]!.phone, student: students[n]!.phone }));
    writeFileSync(path.resolve(values.out), JSON.stringify({ password: BENCH_ROOM_PASSWORD, rooms }), { mode: 0o600 });
    console.log(`seed:rooms: ${count} lessons open until ${endsAt.toISOString()}, written to ${values.out}`);
  } finally {
    await opened.close();
  }
}

main().catch((err: unknown) => {
  console.error(`seed:rooms failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
