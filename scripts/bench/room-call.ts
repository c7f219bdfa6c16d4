// Run by scripts/bench/room.mjs (section "room") with tsx, against the running server of the bench:
//   1. signalling: every seeded room's two sides hold their event stream (SSE) open — 100 rooms,
//      200 streams by default — while 32 senders post ICE candidates from the tutors for
//      BENCH_ROOM_SECONDS (10); what reached the students' streams a second is the figure, with the
//      posts' latency;
//   2. the call: in Debian's chromium (headless shell, fake camera and microphone) the tutor of the
//      first room waits in it; the student joins 20 times (BENCH_JOINS); each time, from the click on
//      "Join" to the first frame of the tutor's video painted on the student's page
//      (requestVideoFrameCallback), then the student leaves.
// Prints one JSON line. Needs BENCH_BASE_URL and BENCH_ROOMS_FILE (npm run seed:rooms).
import { readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath, fakeMediaArgs } from '@/e2e/chromium-args';
import en from '@/messages/en.json';

const base = process.env.BENCH_BASE_URL!.replace(/\/+$/, '');
const seeded = JSON.parse(readFileSync(process.env.BENCH_ROOMS_FILE!, 'utf8')) as { password: string; rooms: { lessonId: number; tutor: string; student: string }[] };
const SECONDS = Number(process.env.BENCH_ROOM_SECONDS ?? 10);
const JOINS = Number(process.env.BENCH_JOINS ?? 20);
const SENDERS = 32;

/** Seat i's own address (a /24 of its own): the login limits are per address and per range. */
const addressOf = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.7`;

async function login(phone: string, i: number): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) },
    body: JSON.stringify({ login: phone, password: seeded.password }),
  });
  if (res.status !== 200) throw new Error(`login ${phone}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function pool<T>(items: T[], size: number, each: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) {
      const i = next++;
      await each(items[i]!, i);
    }
  }));
}

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

async function signalling(tokens: { tutor: string; student: string }[]) {
  const rooms = seeded.rooms.slice(0, tokens.length);
  const aborts = new AbortController();
  let delivered = 0;
  let lastDelivery = 0;
  const opened: Promise<void>[] = [];
  for (const [n, room] of rooms.entries()) {
    for (const side of ['tutor', 'student'] as const) {
      opened.push(
        (async () => {
          const res = await fetch(`${base}/api/lessons/${room.lessonId}/room/events`, { headers: { authorization: `Bearer ${tokens[n]![side]}` }, signal: aborts.signal });
          if (res.status !== 200 || !res.body) throw new Error(`stream ${room.lessonId} ${side}: ${res.status}`);
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          void (async () => {
            try {
              for (;;) {
                const { value, done } = await reader.read();
                if (done) return;
                buffer += decoder.decode(value, { stream: true });
                let cut;
                while ((cut = buffer.indexOf('\n\n')) >= 0) {
                  const frame = buffer.slice(0, cut);
                  buffer = buffer.slice(cut + 2);
                  if (side === 'student' && frame.includes('"kind":"signal"')) {
                    delivered++;
                    lastDelivery = performance.now();
                  }
                }
              }
            } catch {
              // aborted at the end
            }
          })();
        })(),
      );
    }
  }
  await Promise.all(opened);
  const payload = JSON.stringify({ kind: 'signal', payload: { candidate: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.10 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 }, pc: 'bench' } });
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  let sent = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let turn = 0;
  await Promise.all(Array.from({ length: SENDERS }, async () => {
    while (performance.now() < until) {
      const n = turn++ % rooms.length;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/lessons/${rooms[n]!.lessonId}/room/events`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n]!.tutor}` }, body: payload });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status === 201) sent++;
      else codes[res.status] = (codes[res.status] ?? 0) + 1;
    }
  }));
  const stopped = performance.now();
  for (let i = 0; i < 100 && delivered < sent; i++) await new Promise((r) => setTimeout(r, 100));
  aborts.abort();
  const end = Math.max(stopped, lastDelivery);
  return {
    rooms: rooms.length,
    streams: rooms.length * 2,
    sent,
    delivered,
    perSecond: delivered / ((end - started) / 1000),
    postP50: quantile(latencies, 0.5),
    postP95: quantile(latencies, 0.95),
    refused: codes,
  };
}

async function joins() {
  const room = seeded.rooms[0]!;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMediaArgs] });
  try {
    const open = async (phone: string, i: number): Promise<Page> => {
      const context = await browser.newContext({ baseURL: base, locale: 'en-US', viewport: { width: 1280, height: 800 } });
      const res = await context.request.post('/api/auth/login', { data: { login: phone, password: seeded.password }, headers: { origin: base, 'x-forwarded-for': addressOf(1000 + i) } });
      if (res.status() !== 200) throw new Error(`browser login ${phone}: ${res.status()}`);
      return context.newPage();
    };
    const join = en.Room.prejoin.join;
    const tutor = await open(room.tutor, 0);
    await tutor.goto(`/en/lesson/${room.lessonId}`);
    await tutor.getByRole('button', { name: join, exact: true }).click({ timeout: 30_000 });
    await tutor.getByTestId('room').waitFor({ timeout: 30_000 });
    const student = await open(room.student, 1);
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < JOINS; i++) {
      await student.goto(`/en/lesson/${room.lessonId}`);
      const button = student.getByRole('button', { name: join, exact: true });
      await button.waitFor({ timeout: 30_000 });
      await student.waitForFunction((label) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === label && !b.disabled), join, { timeout: 30_000 });
      // As source text: tsx would wrap a named inner function in a helper the page does not have.
      const ms = (await student.evaluate(`new Promise((resolve) => {
        const start = performance.now();
        [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === ${JSON.stringify(join)}).click();
        const deadline = start + 30000;
        const look = () => {
          const video = document.querySelector('[data-testid="remote-video"]');
          if (video && video.srcObject && 'requestVideoFrameCallback' in video) video.requestVideoFrameCallback(() => resolve(performance.now() - start));
          else if (performance.now() > deadline) resolve(-1);
          else requestAnimationFrame(look);
        };
        look();
      })`)) as number;
      if (ms < 0) failed++;
      else times.push(ms);
      // Leave: the tutor's side sees the stream close and waits for the next join.
      await student.goto('about:blank');
      await new Promise((r) => setTimeout(r, 1000));
    }
    return { joins: JOINS, measured: times.length, failed, median: quantile(times, 0.5), p95: quantile(times, 0.95), max: Math.max(...times) };
  } finally {
    await browser.close();
  }
}

async function main() {
  const tokens: { tutor: string; student: string }[] = [];
  await pool(seeded.rooms, 8, async (room, n) => {
    tokens[n] = { tutor: await login(room.tutor, n * 2), student: await login(room.student, n * 2 + 1) };
  });
  const signals = await signalling(tokens);
  const call = await joins();
  console.log(JSON.stringify({ signals, call }));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exit(1);
});
