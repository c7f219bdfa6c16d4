// Run by scripts/bench/group-room.mjs (section "group-room") with tsx, against the running server of
// the bench and the Janus that server.mjs started beside it (issue 33's bench line): in Debian's
// chromium with the fake camera and microphone, the seeded group lesson's tutor and six students
// (four at 1280 px, two on a 360 px phone: the speaker layout and the low simulcast layer) open the
// room and press "Join" at once; then they stay BENCH_GROUP_SECONDS (120) in it. Measured:
//   - per participant, "Join" → the first frame of each other participant's video painted on its page
//     (requestVideoFrameCallback on each tile), so six figures each: their median and p95, and all 42;
//     then a late joiner: one student reloads and joins the running room again (BENCH_GROUP_REJOINS, 3);
//   - Janus's CPU (utime + stime of its process, /proc/<pid>/stat) and memory (VmRSS, sampled every
//     5 s) while idle, over the join and over the stay; its process is the `janus` of the server's
//     process group (BENCH_SERVER_PID);
//   - signalling: the Janus WebSocket messages of all pages (both ways) and the room channel's posts,
//     a second, over the join and over the stay;
//   - what arrives meanwhile: each tile's frames decoded a second and the width received (the phone's low
//     layer); the RTP packets and bits a second all pages sent to Janus and got from it (their getStats),
//     so Janus's CPU per packet forwarded can be read off;
//   - the tutor's page's JavaScript: the chunks it loaded before "Join" (the page and the room's app),
//     then for the group room, then when the board is opened.
// Prints one JSON line. Needs BENCH_BASE_URL and BENCH_GROUP_FILE (npm run seed:rooms -- --group 6).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath, fakeMediaArgs } from '@/e2e/chromium-args';
import en from '@/messages/en.json';

const base = process.env.BENCH_BASE_URL!.replace(/\/+$/, '');
const seeded = JSON.parse(readFileSync(process.env.BENCH_GROUP_FILE!, 'utf8')) as { password: string; group: { lessonId: number; tutor: string; students: string[] } };
const SECONDS = Number(process.env.BENCH_GROUP_SECONDS ?? 120);
const PHONES = 2;
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The `janus` process of the server's process group (server.mjs starts it), else any janus. */
function janusPid(): number | null {
  const group = Number(process.env.BENCH_SERVER_PID);
  const found: { pid: number; pgrp: number }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (comm === 'janus') found.push({ pid: Number(name), pgrp: Number(rest[2]) });
    } catch {
      // gone meanwhile
    }
  }
  return (found.find((f) => f.pgrp === group) ?? found[0])?.pid ?? null;
}

/** CPU seconds the process used so far, and its resident memory (MiB). */
function usage(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = (Number(f[11]) + Number(f[12])) / CLK_TCK;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return { cpu, rss };
}

/** Each tile's first painted frame, by whose it is (as source text: tsx would wrap a named inner function in a helper the page does not have). */
const WATCH = `(() => {
  window.__first = {};
  const watch = () => {
    for (const v of document.querySelectorAll('[data-testid="group-tile"] video')) {
      if (v.__watched) continue;
      v.__watched = true;
      const user = v.closest('figure').getAttribute('data-user');
      v.requestVideoFrameCallback(() => { if (!(user in window.__first)) window.__first[user] = performance.now(); });
    }
  };
  new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
})()`;
const REJOINS = Number(process.env.BENCH_GROUP_REJOINS ?? 3);

interface Rtp {
  packetsSent: number;
  bytesSent: number;
  packetsReceived: number;
  bytesReceived: number;
}
/** The page's RTP counters, all its connections: what it sent to Janus and what it got from Janus. */
const rtp = (page: Page) =>
  page.evaluate(`(async () => {
    const sum = { packetsSent: 0, bytesSent: 0, packetsReceived: 0, bytesReceived: 0 };
    for (const pc of window.__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((r) => {
        if (r.type === 'outbound-rtp') { sum.packetsSent += r.packetsSent ?? 0; sum.bytesSent += r.bytesSent ?? 0; }
        if (r.type === 'inbound-rtp') { sum.packetsReceived += r.packetsReceived ?? 0; sum.bytesReceived += r.bytesReceived ?? 0; }
      });
    }
    return sum;
  })()`) as Promise<Rtp>;

interface Seat {
  role: 'tutor' | 'student';
  phone: boolean;
  page: Page;
  janusMessages: number;
  roomPosts: number;
  scripts: { url: string; at: 'before' | 'room' | 'board' }[];
}

async function main() {
  const { lessonId, tutor, students } = seeded.group;
  const pid = janusPid();
  if (!pid) throw new Error('no janus process found (is janus installed? server.mjs starts one without JANUS_SERVERS)');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMediaArgs] });
  const seats: Seat[] = [];
  let phase: 'before' | 'room' | 'board' = 'before';
  try {
    const people = [{ phone: tutor, role: 'tutor' as const }, ...students.map((phone) => ({ phone, role: 'student' as const }))];
    for (const [i, person] of people.entries()) {
      const onPhone = person.role === 'student' && i > students.length - PHONES;
      const context = await browser.newContext({ baseURL: base, locale: 'en-US', ...(onPhone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }) });
      const res = await context.request.post('/api/auth/login', { data: { login: person.phone, password: seeded.password }, headers: { origin: base, 'x-forwarded-for': `10.33.${i}.7` } });
      if (res.status() !== 200) throw new Error(`login ${person.phone}: ${res.status()} ${await res.text()}`);
      const page = await context.newPage();
      // The page's PeerConnections, kept where the bench can read their counters (getStats).
      await page.addInitScript({ content: 'window.__pcs = []; { const Native = window.RTCPeerConnection; window.RTCPeerConnection = class extends Native { constructor(c) { super(c); window.__pcs.push(this); } }; }' });
      const seat: Seat = { role: person.role, phone: onPhone, page, janusMessages: 0, roomPosts: 0, scripts: [] };
      page.on('websocket', (ws) => {
        const count = () => void seat.janusMessages++;
        ws.on('framesent', count);
        ws.on('framereceived', count);
      });
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/room\/(events|moderate)$/.test(new URL(r.url()).pathname)) seat.roomPosts++;
      });
      if (i === 0) page.on('response', (r) => {
        const m = /\/_next\/(static\/chunks\/[\w.~-]+\.js)/.exec(r.url());
        if (m) seat.scripts.push({ url: m[1]!, at: phase });
      });
      seats.push(seat);
    }
    const join = en.Room.prejoin.join;
    await Promise.all(
      seats.map(async ({ page }) => {
        await page.goto(`/en/lesson/${lessonId}`);
        await page.waitForFunction((label) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === label && !b.disabled), join, { timeout: 60_000 });
        await page.evaluate(WATCH);
      }),
    );
    await sleep(2000);
    const idle = usage(pid);
    const idleAt = performance.now();
    await sleep(5000);
    const idleCpu = (usage(pid).cpu - idle.cpu) / ((performance.now() - idleAt) / 1000);

    // Everyone presses "Join" at once (the lesson starts).
    phase = 'room';
    const joinStart = usage(pid);
    const joinAt = performance.now();
    const messagesAtJoin = seats.map((s) => s.janusMessages + s.roomPosts);
    await Promise.all(seats.map(({ page }) => page.evaluate(`(() => { window.__joinAt = performance.now(); [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === ${JSON.stringify(join)}).click(); })()`)));
    const others = seats.length - 1;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const counts = await Promise.all(seats.map(({ page }) => page.evaluate('Object.keys(window.__first).length') as Promise<number>));
      if (counts.every((c) => c >= others)) break;
      await sleep(500);
    }
    const joinSecs = (performance.now() - joinAt) / 1000;
    const joinUse = usage(pid);
    const joinMessages = seats.reduce((a, s, i) => a + s.janusMessages + s.roomPosts - messagesAtJoin[i]!, 0);
    const perSeat = await Promise.all(
      seats.map(async (s) => {
        const { first, at } = (await s.page.evaluate('({ first: window.__first, at: window.__joinAt })')) as { first: Record<string, number>; at: number };
        const times = Object.values(first).map((t) => t - at);
        return { role: s.role, phone: s.phone, feeds: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95), times };
      }),
    );

    // The stay: media only, as in a lesson where people listen.
    const tiles = (page: Page) => page.evaluate(`[...document.querySelectorAll('[data-testid="group-tile"]')].map((f) => ({ user: f.getAttribute('data-user'), frames: Number(f.getAttribute('data-frames')), width: f.querySelector('video')?.videoWidth ?? 0 }))`) as Promise<{ user: string; frames: number; width: number }[]>;
    const stayStart = usage(pid);
    const stayAt = performance.now();
    const messagesAtStay = seats.map((s) => s.janusMessages + s.roomPosts);
    const postsAtStay = seats.reduce((a, s) => a + s.roomPosts, 0);
    const framesBefore = await Promise.all(seats.map(({ page }) => tiles(page)));
    const rtpBefore = await Promise.all(seats.map(({ page }) => rtp(page)));
    const rss: number[] = [];
    for (let t = 0; t < SECONDS; t += 5) {
      await sleep(5000);
      rss.push(usage(pid).rss);
    }
    const stayUse = usage(pid);
    const staySecs = (performance.now() - stayAt) / 1000;
    const framesAfter = await Promise.all(seats.map(({ page }) => tiles(page)));
    const rtpAfter = await Promise.all(seats.map(({ page }) => rtp(page)));
    const through = (k: keyof Rtp) => rtpAfter.reduce((a, r, i) => a + r[k] - rtpBefore[i]![k], 0) / staySecs;
    const media = { packetsIn: through('packetsSent'), packetsOut: through('packetsReceived'), mbitIn: (through('bytesSent') * 8) / 1e6, mbitOut: (through('bytesReceived') * 8) / 1e6 };
    const stayMessages = seats.reduce((a, s, i) => a + s.janusMessages + s.roomPosts - messagesAtStay[i]!, 0);
    const stayPosts = seats.reduce((a, s) => a + s.roomPosts, 0) - postsAtStay;
    const fps = seats.map((_, i) => framesAfter[i]!.map((t) => (t.frames - (framesBefore[i]!.find((b) => b.user === t.user)?.frames ?? 0)) / staySecs));
    const widths = seats.map((_, i) => framesAfter[i]!.map((t) => t.width));

    // A late joiner in a running room: student 1 reloads and joins again, REJOINS times, alone.
    const late: number[] = [];
    const again = seats[1]!.page;
    for (let n = 0; n < REJOINS; n++) {
      await again.reload();
      await again.waitForFunction((label) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === label && !b.disabled), join, { timeout: 60_000 });
      await again.evaluate(WATCH);
      await again.evaluate(`(() => { window.__joinAt = performance.now(); [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === ${JSON.stringify(join)}).click(); })()`);
      for (const until = Date.now() + 60_000; Date.now() < until && ((await again.evaluate('Object.keys(window.__first).length')) as number) < others; ) await sleep(100);
      const { first, at } = (await again.evaluate('({ first: window.__first, at: window.__joinAt })')) as { first: Record<string, number>; at: number };
      late.push(...Object.values(first).map((t) => t - at));
      await sleep(2000);
    }

    // The tutor opens the board: the chunks that brings.
    phase = 'board';
    await seats[0]!.page.getByRole('tab', { name: en.Room.tabs.board }).click();
    await seats[0]!.page.getByTestId('board').locator('canvas').first().waitFor({ timeout: 60_000 });
    await sleep(1000);
    const scripts = (at: Seat['scripts'][number]['at']) => [...new Set(seats[0]!.scripts.filter((s) => s.at === at).map((s) => s.url))];

    console.log(
      JSON.stringify({
        participants: seats.length,
        phones: PHONES,
        seconds: SECONDS,
        perSeat,
        late: { joins: REJOINS, frames: late.length, p50: quantile(late, 0.5), p95: quantile(late, 0.95), max: Math.max(...late) },
        all: { p50: quantile(perSeat.flatMap((s) => s.times), 0.5), p95: quantile(perSeat.flatMap((s) => s.times), 0.95), max: Math.max(...perSeat.flatMap((s) => s.times)), pairs: perSeat.reduce((a, s) => a + s.feeds, 0) },
        janus: {
          pid,
          idleCpu,
          joinCpu: (joinUse.cpu - joinStart.cpu) / joinSecs,
          joinSecs,
          stayCpu: (stayUse.cpu - stayStart.cpu) / staySecs,
          rssIdle: idle.rss,
          rssMean: rss.reduce((a, b) => a + b, 0) / rss.length,
          rssMax: Math.max(...rss),
        },
        media,
        signalling: { joinPerSecond: joinMessages / joinSecs, stayPerSecond: stayMessages / staySecs, stayRoomPosts: stayPosts },
        received: {
          fps: fps.map((xs, i) => ({ role: seats[i]!.role, phone: seats[i]!.phone, min: Math.min(...xs), median: quantile(xs, 0.5) })),
          widths: widths.map((xs, i) => ({ phone: seats[i]!.phone, widths: xs })),
        },
        js: { before: scripts('before'), room: scripts('room'), board: scripts('board') },
      }),
    );
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exit(1);
});
