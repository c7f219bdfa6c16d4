// Section "room": the lesson room under load, against the running server (issue 23's bench lines):
// signalling messages a second one instance carries with 100 rooms open (both sides' event streams),
// and the time from "Join" to the first remote frame on the loopback (median and p95 of 20 joins).
// Measured by scripts/bench/room-call.ts (tsx, Playwright's chromium library) with the rooms that
// `npm run seed:rooms` wrote before the server started (BENCH_ROOMS_FILE, set by scripts/bench.sh).
import fs from 'node:fs';
import { runFigures } from './lib.mjs';

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'room',
  title: 'Lesson room: signalling with 100 rooms open; "Join" to the first remote frame',
  async run(ctx) {
    const file = process.env.BENCH_ROOMS_FILE;
    if (!file || !fs.existsSync(file)) return { markdown: 'Not measured: no seeded rooms (scripts/bench.sh runs `npm run seed:rooms` before the server starts).' };
    const { signals: s, call: c } = runFigures('scripts/bench/room-call.ts', { BENCH_BASE_URL: ctx.baseUrl }, { timeoutMs: 15 * 60_000 });
    const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : 'n/a');
    const refused = Object.keys(s.refused).length ? ` (refused: ${JSON.stringify(s.refused)})` : '';
    console.log(`signalling, ${s.rooms} rooms (${s.streams} streams open): ${s.perSecond.toFixed(0)} messages/s delivered (${s.delivered} of ${s.sent} sent${refused}); a post p50 ${ms(s.postP50)}, p95 ${ms(s.postP95)}`);
    console.log(`"Join" → first remote frame, ${c.measured} of ${c.joins} joins: median ${ms(c.median)}, p95 ${ms(c.p95)}, max ${ms(c.max)}${c.failed ? `; ${c.failed} got no frame in 30 s` : ''}`);
    return {
      markdown: [
        '| figure | value |',
        '|---|---|',
        `| rooms open / event streams | ${s.rooms} / ${s.streams} |`,
        `| signalling messages delivered a second (32 senders, ${process.env.BENCH_ROOM_SECONDS ?? 10} s) | ${s.perSecond.toFixed(0)} /s |`,
        `| delivered / sent | ${s.delivered} / ${s.sent}${refused} |`,
        `| a signal's post: p50 / p95 | ${ms(s.postP50)} / ${ms(s.postP95)} |`,
        `| "Join" → first remote frame, median (${c.measured} of ${c.joins} joins) | ${ms(c.median)} |`,
        `| "Join" → first remote frame, p95 / max | ${ms(c.p95)} / ${ms(c.max)} |`,
        ...(c.failed ? [`| joins with no frame in 30 s | ${c.failed} |`] : []),
      ].join('\n'),
    };
  },
};
