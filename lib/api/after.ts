import 'server-only';
import { after } from 'next/server';

/** Runs work after the response is sent; outside a request (scripts, tests) it simply starts it. */
export function runAfterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}
