// The free-slot computation for many tutors (issue 14), on a fresh in-memory PGlite: N bookable
// tutors (BENCH_TUTORS, 1000) with two or three weekly ranges on five days, a day off each, and
// about 8 booked lessons each over 4 weeks; then `freeSlotsOf` for all of them at once (two queries
// and the computation), BENCH_SLOT_RUNS times (20). Then bookings: BENCH_BOOK_ROUNDS (10) rounds of
// 20 concurrent `bookTrial` calls (each a different student and tutor, the whole real path: checks,
// the transaction with the exclusion constraint, the four outbox messages), and one race of 20
// students on one slot (1 booking, 19 refusals expected). Prints one JSON line of figures.
// Run with tsx under the react-server condition: scripts/bench/marketplace.mjs does.
import { openDb } from '@/lib/db/open';
import { lessons, tutorSchedules, users } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { freeSlotsOf } from '@/lib/lessons/availability';
import { bookTrial } from '@/lib/lessons/booking';
import { freeSlots } from '@/lib/lessons/slots';

const TUTORS = Number(process.env.BENCH_TUTORS || 1000);
const RUNS = Number(process.env.BENCH_SLOT_RUNS || 20);
const BOOK_ROUNDS = Number(process.env.BENCH_BOOK_ROUNDS || 10);
const CONCURRENCY = 20;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main() {
  const { db, close } = await openDb({ seed: false });
  const now = new Date();
  const ids: number[] = [];
  for (let i = 0; i < TUTORS; i += 500) {
    const rows = Array.from({ length: Math.min(500, TUTORS - i) }, (_, k) => ({
      role: 'tutor' as const,
      name: 'Bench',
      lastname: `Tutor${i + k}`,
      phone: `+7701${String(1_000_000 + i + k).padStart(7, '0')}`,
      passwordHash: 'x',
      scope: 'tutor tutor:bookable',
    }));
    ids.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  const day = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < ids.length; i += 500) {
    await db.insert(tutorSchedules).values(
      ids.slice(i, i + 500).map((id, k) => ({
        tutorId: id,
        weekly: Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, k % 2 ? [[9 * 60, 12 * 60], [18 * 60, 21 * 60]] : [[10 * 60, 13 * 60], [14 * 60, 16 * 60], [19 * 60, 22 * 60]]])) as never,
        daysOff: [day(3 + (k % 20))],
      })),
    );
  }
  // Eight lessons each, on the hour, spread over the four weeks (overlaps skipped by the constraint's absence of a grid: distinct hours).
  const booked = [];
  for (const [k, id] of ids.entries()) {
    for (let j = 0; j < 8; j++) {
      const start = new Date(Math.ceil((now.getTime() + (1 + j * 3) * 86_400_000 + (k % 5) * 3_600_000) / 3_600_000) * 3_600_000);
      booked.push({ tutorId: id, subject: 'english', status: 'booked' as const, startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000) });
    }
  }
  for (let i = 0; i < booked.length; i += 1000) await db.insert(lessons).values(booked.slice(i, i + 1000));

  await freeSlotsOf(db, ids, now); // warm-up
  const times: number[] = [];
  let slots = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const map = await freeSlotsOf(db, ids, now);
    times.push(performance.now() - t0);
    slots = [...map.values()].reduce((n, s) => n + s.length, 0);
  }
  // The computation alone (no database), for one tutor, many times.
  const rules = { weekly: { '1': [[540, 720], [1080, 1260]], '3': [[540, 720]] } as never, daysOff: [], minNoticeMinutes: 720, horizonDays: 28 };
  const c0 = performance.now();
  for (let r = 0; r < 10_000; r++) freeSlots(rules, [], now);
  const perTutorUs = ((performance.now() - c0) / 10_000) * 1000;
  const booking = await benchBookings(db, now);
  console.log(JSON.stringify({ tutors: ids.length, lessons: booked.length, runs: RUNS, slots, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times), perTutorUs, booking }));
  await close();
}

type BenchDb = Awaited<ReturnType<typeof openDb>>['db'];

/** 20 concurrent bookings, BOOK_ROUNDS times, then one 20-way race on a single slot. */
async function benchBookings(db: BenchDb, now: Date) {
  const everyDay = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[8 * 60, 22 * 60]]])) as never;
  const tutorRows = Array.from({ length: CONCURRENCY + 1 }, (_, k) => ({
    role: 'tutor' as const, name: 'Book', lastname: `Tutor${k}`, phone: `+7702${String(1_000_000 + k).padStart(7, '0')}`, passwordHash: 'x', scope: 'tutor tutor:bookable', subject: 'english',
  }));
  const tutors = (await db.insert(users).values(tutorRows).returning({ id: users.id })).map((r) => r.id);
  await db.insert(tutorSchedules).values(tutors.map((tutorId) => ({ tutorId, weekly: everyDay, daysOff: [] })));
  const studentCount = CONCURRENCY * (BOOK_ROUNDS + 1);
  const studentRows = Array.from({ length: studentCount }, (_, k) => ({
    role: 'student' as const, name: 'Book', lastname: `Student${k}`, phone: `+7705${String(1_000_000 + k).padStart(7, '0')}`, email: `bench-student-${k}@example.kz`, passwordHash: 'x', scope: 'student',
  }));
  const students = (await db.insert(users).values(studentRows).returning({ id: users.id })).map((r) => ({ id: r.id, scope: 'student', role: 'student' as const }));
  const free = await freeSlotsOf(db, tutors, now);
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const codes: Record<string, number> = {};
  const book = async (student: (typeof students)[number], tutorId: number, startsAt: Date, key: string) => {
    const t0 = performance.now();
    try {
      await bookTrial(db, student, { tutorId, startsAt, subject: 'english', idempotencyKey: key }, now);
      ok++;
      return 'booked';
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'exception';
      codes[code] = (codes[code] ?? 0) + 1;
      return code;
    } finally {
      latencies.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  for (let r = 0; r < BOOK_ROUNDS; r++) {
    await Promise.all(
      tutors.slice(0, CONCURRENCY).map((tutorId, k) => book(students[r * CONCURRENCY + k]!, tutorId, free.get(tutorId)![r * 2]!, `bench-${r}-${k}`)),
    );
  }
  const wall = performance.now() - t0;
  errors = BOOK_ROUNDS * CONCURRENCY - ok;
  const bookingLatencies = [...latencies];
  const roundCodes = { ...codes };
  // The race: 20 students, one tutor, one slot.
  const raceTutor = tutors[CONCURRENCY]!;
  const raceSlot = free.get(raceTutor)![0]!;
  const race = await Promise.all(students.slice(BOOK_ROUNDS * CONCURRENCY).map((s, k) => book(s, raceTutor, raceSlot, `race-${k}`)));
  return {
    concurrency: CONCURRENCY,
    rounds: BOOK_ROUNDS,
    attempts: BOOK_ROUNDS * CONCURRENCY,
    booked: ok - race.filter((x) => x === 'booked').length,
    errors,
    codes: roundCodes,
    perSecond: (BOOK_ROUNDS * CONCURRENCY) / (wall / 1000),
    p50: pct(bookingLatencies, 50),
    p99: pct(bookingLatencies, 99),
    max: Math.max(...bookingLatencies),
    race: { booked: race.filter((x) => x === 'booked').length, slotTaken: race.filter((x) => x === 'slot_taken').length, other: race.filter((x) => x !== 'booked' && x !== 'slot_taken').length },
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
