// The course library's catalogue with BENCH_LIBRARY_COURSES (1 000) published courses (issue 34), on
// a fresh in-memory PGlite: the starter set's English and Kazakh A1 files imported under new slugs
// through the same importer a school uses (published), then the catalogue query the tutor's library
// and the student's self-study list read (`publishedCourses`: all, by subject, by subject and level)
// BENCH_LIBRARY_RUNS times (50) each. Prints one JSON line of figures. Run with tsx under the
// react-server condition: scripts/bench/library.mjs does.
import { openDb } from '@/lib/db/open';
import { publishedCourses } from '@/lib/library/catalogue';
import { importCourse } from '@/lib/library/courses';
import { STARTER_COURSES } from '@/lib/library/starter';

const COURSES = Number(process.env.BENCH_LIBRARY_COURSES || 1000);
const RUNS = Number(process.env.BENCH_LIBRARY_RUNS || 50);
const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1'] as const;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main() {
  const { db, close } = await openDb({ seed: false });
  const now = new Date();
  let t = performance.now();
  for (let i = 0; i < COURSES; i++) {
    const base = STARTER_COURSES[i % STARTER_COURSES.length] as { slug: string; level: string };
    await importCourse(db, 'seed', { ...base, slug: `${base.slug}-${i}`, level: LEVELS[i % LEVELS.length] }, { now, publish: true });
  }
  const seedMs = performance.now() - t;
  const measure = async (filter: Parameters<typeof publishedCourses>[1]) => {
    await publishedCourses(db, filter);
    const ms: number[] = [];
    let rows = 0;
    for (let r = 0; r < RUNS; r++) {
      t = performance.now();
      rows = (await publishedCourses(db, filter)).length;
      ms.push(performance.now() - t);
    }
    return { rows, p50: pct(ms, 50), p95: pct(ms, 95), max: Math.max(...ms) };
  };
  const all = await measure({});
  const subject = await measure({ subject: 'kazakh' });
  const level = await measure({ subject: 'english', level: 'B1' });
  await close();
  console.log(JSON.stringify({ courses: COURSES, runs: RUNS, seedMs, all, subject, level }));
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
