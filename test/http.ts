import { NextRequest } from 'next/server';
import { onTestFinished, vi } from 'vitest';

let ipCounter = 0;
/** A fresh client address per call unless one is given (limits are per IP). */
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function jsonRequest(
  path: string,
  body: unknown,
  opts: { locale?: string; ip?: string; cookie?: string; contentType?: string; raw?: boolean } = {},
): NextRequest {
  const headers = new Headers({
    'content-type': opts.contentType ?? 'application/json',
    'accept-language': opts.locale ?? 'ru',
    'x-forwarded-for': opts.ip ?? nextIp(),
  });
  if (opts.cookie) headers.set('cookie', opts.cookie);
  return new NextRequest(`http://localhost${path}`, {
    method: 'POST',
    headers,
    body: opts.raw ? (body as string) : JSON.stringify(body),
  });
}

/**
 * Rate limits count in fixed windows (lib/rate-limit.ts: 15 minutes, an hour, a day from the epoch).
 * A test that fills a window and then expects the next call refused must not straddle a window's
 * end: when fewer than `needSeconds` are left of the current window, this waits for the next one.
 */
export async function clearOfWindowEnd(windowSeconds: number, needSeconds = 15): Promise<void> {
  // 15 s: more than any test that uses it takes, and a test that waited still ends inside Vitest's
  // 30-s limit per test.
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needSeconds * 1000) await new Promise((r) => setTimeout(r, left + 50));
}

/**
 * The clock stands still for the rest of the test (only `Date`: timers, sockets and the database run
 * on): a test that fills a fixed rate-limit window (lib/rate-limit.ts) and then expects the next call
 * refused counts every call in the one window, whatever the hour it runs at. Put back when the test ends.
 */
export function clockStandsStill(at?: Date | number): void {
  vi.useFakeTimers({ toFake: ['Date'], ...(at === undefined ? {} : { now: at }) });
  onTestFinished(() => void vi.useRealTimers());
}

/**
 * The next instant after `from` at `hour`:00 in the school's time (Asia/Almaty, UTC+5 all year): a
 * test that books slots one after another from "now" starts at a fixed hour of the school's day, so
 * its slots never run into midnight (where a day's schedule ends) whatever the hour the suite runs at.
 */
export function nextSchoolHour(hour: number, from: Date = new Date()): Date {
  const OFFSET = 5 * 3_600_000;
  const day = 86_400_000;
  const local = from.getTime() + OFFSET;
  let at = Math.floor(local / day) * day + hour * 3_600_000 - OFFSET;
  if (at <= from.getTime()) at += day;
  return new Date(at);
}
