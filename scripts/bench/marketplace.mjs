// Section "marketplace": the free-slot computation for 1 000 bookable tutors over 4 weeks (p95), and
// 20 concurrent bookings (throughput, p99, errors; and the 20-way race on one slot),
// run by scripts/bench/marketplace-slots.ts on its own in-memory PGlite (the running server is not
// used: the figure is the library call the catalogue and the tutor page make).
import { runFigures } from './lib.mjs';

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'marketplace',
  title: 'Marketplace: free slots of 1 000 tutors over 4 weeks; 20 concurrent bookings',
  async run() {
    const f = runFigures('scripts/bench/marketplace-slots.ts', { NODE_ENV: 'production' });
    const ms = (x) => `${x.toFixed(1)} ms`;
    console.log(`free slots of ${f.tutors} tutors (${f.lessons} lessons booked): p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, max ${ms(f.max)}; ${f.slots} slots; computation alone ${f.perTutorUs.toFixed(1)} µs a tutor`);
    const b = f.booking;
    console.log(`20 concurrent bookings × ${b.rounds}: ${b.perSecond.toFixed(1)} bookings/s, p50 ${ms(b.p50)}, p99 ${ms(b.p99)}, errors ${b.errors}/${b.attempts}; race on one slot: ${b.race.booked} booked, ${b.race.slotTaken} refused (slot_taken), ${b.race.other} other`);
    return {
      markdown: [
        '| figure | value |',
        '|---|---|',
        `| tutors / lessons booked | ${f.tutors} / ${f.lessons} |`,
        `| \`freeSlotsOf\` all tutors, p50 (${f.runs} runs) | ${ms(f.p50)} |`,
        `| \`freeSlotsOf\` all tutors, p95 | ${ms(f.p95)} |`,
        `| free slots found | ${f.slots} |`,
        `| computation alone, one tutor | ${f.perTutorUs.toFixed(1)} µs |`,
        `| bookings, ${b.concurrency} concurrent × ${b.rounds} rounds: throughput | ${b.perSecond.toFixed(1)} /s |`,
        `| bookings: p50 / p99 / max | ${ms(b.p50)} / ${ms(b.p99)} / ${ms(b.max)} |`,
        `| bookings: errors | ${b.errors} of ${b.attempts}${Object.keys(b.codes).length ? ` (${JSON.stringify(b.codes)})` : ''} |`,
        `| race, 20 students on one slot | ${b.race.booked} booked, ${b.race.slotTaken} refused (slot_taken), ${b.race.other} other |`,
      ].join('\n'),
    };
  },
};
