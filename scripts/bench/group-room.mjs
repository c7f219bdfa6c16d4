// Section "group-room" (issue 33's bench line): one tutor and six students in one group lesson's
// room through the Janus that server.mjs starts, Debian's chromium with the fake camera and microphone,
// for BENCH_GROUP_SECONDS (120): "Join" → the first remote frame of each participant (p50/p95),
// Janus's CPU and memory (its /proc), the signalling messages a second, what each page receives,
// and the group room's JavaScript (the tutor's page, gzip -9 per chunk as room-js counts).
// Measured by scripts/bench/group-call.ts (tsx, Playwright's chromium library) on the group lesson
// that `npm run seed:rooms -- --group 6` wrote before the server started (BENCH_GROUP_FILE).
import fs from 'node:fs';
import path from 'node:path';
import { chunkSizes, runFigures } from './lib.mjs';

const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : 'n/a');
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const pct = (cores) => `${(cores * 100).toFixed(1)} % of a core`;
/** Janus's CPU a second over the packets it took in and sent out a second, in microseconds. */
const usPerPacket = (r) => (r.janus.stayCpu * 1e6) / (r.media.packetsIn + r.media.packetsOut);

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'group-room',
  title: 'Group room: a tutor and six students through Janus for two minutes',
  async run(ctx) {
    const file = process.env.BENCH_GROUP_FILE;
    if (!file || !fs.existsSync(file)) return { markdown: 'Not measured: no seeded group lesson (scripts/bench.sh runs `npm run seed:rooms -- --group 6` before the server starts).' };
    const r = runFigures('scripts/bench/group-call.ts', { BENCH_BASE_URL: ctx.baseUrl }, { timeoutMs: 15 * 60_000 });
    const { sum } = chunkSizes(path.join(ctx.root, process.env.NEXT_DIST_DIR || '.next'));
    const js = { before: sum(r.js.before), room: sum(r.js.room), board: sum(r.js.board) };
    const who = (s, i) => (s.role === 'tutor' ? 'tutor, 1280 px' : `student ${i}, ${s.phone ? '360 px phone' : '1280 px'}`);
    const rows = r.perSeat.map((s, i) => {
      const got = r.received.fps[i];
      const widths = r.received.widths[i].widths;
      return `| ${who(s, i)} | ${s.feeds} of ${r.participants - 1} | ${ms(s.p50)} | ${ms(s.p95)} | ${got.median.toFixed(1)} (min ${got.min.toFixed(1)}) | ${Math.min(...widths)}–${Math.max(...widths)} |`;
    });
    for (const line of rows) ctx.log(line);
    const j = r.janus;
    const s = r.signalling;
    const summary = [
      `"Join" → first remote frame, all ${r.all.pairs} pairs: p50 ${ms(r.all.p50)}, p95 ${ms(r.all.p95)}, max ${ms(r.all.max)} (everyone joined within ${j.joinSecs.toFixed(1)} s)`,
      `a late joiner ("Join" again in the running room, ${r.late.joins} times): first frame of each of the six others p50 ${ms(r.late.p50)}, p95 ${ms(r.late.p95)}, max ${ms(r.late.max)} (${r.late.frames} frames)`,
      `Janus (pid ${j.pid}): idle ${pct(j.idleCpu)}, the join ${pct(j.joinCpu)}, the ${r.seconds} s stay ${pct(j.stayCpu)}; memory ${j.rssIdle.toFixed(1)} MiB idle, ${j.rssMean.toFixed(1)} MiB mean / ${j.rssMax.toFixed(1)} MiB max in the room`,
      `media through Janus over the stay: ${r.media.packetsIn.toFixed(0)} packets/s in (${r.media.mbitIn.toFixed(2)} Mbit/s), ${r.media.packetsOut.toFixed(0)} packets/s out (${r.media.mbitOut.toFixed(2)} Mbit/s): ${usPerPacket(r).toFixed(1)} µs of Janus CPU per packet in or out`,
      `signalling: ${s.joinPerSecond.toFixed(1)} messages/s over the join, ${s.stayPerSecond.toFixed(2)} messages/s over the stay (Janus WebSocket both ways + the room's posts; ${s.stayRoomPosts} posts in the stay)`,
      `the tutor's page's JS: ${kib(js.before)} before "Join" (${r.js.before.length} chunks: the page and the room's app), + ${kib(js.room)} for the group room (${r.js.room.length}), + ${kib(js.board)} when the board opens (${r.js.board.length})`,
    ];
    for (const line of summary) ctx.log(line);
    return {
      markdown: [
        '| participant | remote feeds painted | "Join" → first frame p50 | p95 | frames/s received per tile, median | width received (px) |',
        '|---|--:|--:|--:|--:|--:|',
        ...rows,
        '',
        '| figure | value |',
        '|---|---|',
        `| "Join" → first remote frame, all ${r.all.pairs} pairs: p50 / p95 / max | ${ms(r.all.p50)} / ${ms(r.all.p95)} / ${ms(r.all.max)} |`,
        `| a late joiner, "Join" → each other's first frame (${r.late.joins} joins, ${r.late.frames} feeds): p50 / p95 / max | ${ms(r.late.p50)} / ${ms(r.late.p95)} / ${ms(r.late.max)} |`,
        `| Janus CPU: idle / over the join (${j.joinSecs.toFixed(1)} s) / over the stay (${r.seconds} s) | ${pct(j.idleCpu)} / ${pct(j.joinCpu)} / ${pct(j.stayCpu)} |`,
        `| Janus memory (VmRSS): idle / mean / max in the room | ${j.rssIdle.toFixed(1)} / ${j.rssMean.toFixed(1)} / ${j.rssMax.toFixed(1)} MiB |`,
        `| media through Janus over the stay (the pages' getStats): packets/s in / out; Mbit/s in / out | ${r.media.packetsIn.toFixed(0)} / ${r.media.packetsOut.toFixed(0)}; ${r.media.mbitIn.toFixed(2)} / ${r.media.mbitOut.toFixed(2)} |`,
        `| Janus CPU per packet in or out (the stay's CPU over its packets) | ${usPerPacket(r).toFixed(1)} µs |`,
        `| signalling messages a second: over the join / over the stay | ${s.joinPerSecond.toFixed(1)} / ${s.stayPerSecond.toFixed(2)} |`,
        `| the group room's JS (tutor's page, gzip -9): before "Join" / + the group room / + the board | ${kib(js.before)} / +${kib(js.room)} / +${kib(js.board)} |`,
        '',
        `${r.participants} participants (the tutor and four students at 1280 px, two students on a 360 px phone: the speaker layout and the low simulcast layer), Chromium's fake camera and microphone, all pressing "Join" at once (then one of them joining the running room again); Janus's CPU is its process's utime + stime over the wall time (100 % = one core); signalling counts each page's Janus WebSocket messages both ways and its posts to the room's channel.`,
      ].join('\n'),
    };
  },
};
