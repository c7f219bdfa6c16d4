// The free-slot computation for many tutors (issue 14), on a fresh in-memory PGlite: N bookable
// tutors (BENCH_TUTORS, 1000) with two or three weekly ranges on five days, a day off each, and
// about 8 booked lessons each over 4 weeks; then `freeSlotsOf` for all of them at once (two queries
// and the computation), BENCH_SLOT_RUNS times (20). Prints one JSON line of figures.
// Run with tsx under the react-server condition: scripts/bench/marketplace.mjs does.
import { openDb } from '@/lib/db/open';
import { lessons, tutorSchedules, users } from '@/lib/db/schema';
import { freeSlotsOf } from '@/lib/marketplace/availability';
import { freeSlots } from '@/lib/marketplace/slots';

const TUTORS = Number(process.env.BENCH_TUTORS || 1000);
const RUNS = Number(process.env.BENCH_SLOT_RUNS || 20);
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
  console.log(JSON.stringify({ tutors: ids.length, lessons: booked.length, runs: RUNS, slots, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times), perTutorUs }));
  await close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
