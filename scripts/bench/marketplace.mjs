// Section "marketplace": the free-slot computation for 1 000 bookable tutors over 4 weeks (p95),
// run by scripts/bench/marketplace-slots.ts on its own in-memory PGlite (the running server is not
// used: the figure is the library call the catalogue and the tutor page make).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'marketplace',
  title: 'Marketplace: free slots of 1 000 tutors over 4 weeks',
  async run() {
    const out = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/marketplace-slots.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const f = JSON.parse(out.trim().split('\n').pop());
    const ms = (x) => `${x.toFixed(1)} ms`;
    console.log(`free slots of ${f.tutors} tutors (${f.lessons} lessons booked): p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, max ${ms(f.max)}; ${f.slots} slots; computation alone ${f.perTutorUs.toFixed(1)} µs a tutor`);
    return {
      markdown: [
        '| figure | value |',
        '|---|---|',
        `| tutors / lessons booked | ${f.tutors} / ${f.lessons} |`,
        `| \`freeSlotsOf\` all tutors, p50 (${f.runs} runs) | ${ms(f.p50)} |`,
        `| \`freeSlotsOf\` all tutors, p95 | ${ms(f.p95)} |`,
        `| free slots found | ${f.slots} |`,
        `| computation alone, one tutor | ${f.perTutorUs.toFixed(1)} µs |`,
      ].join('\n'),
    };
  },
};
