import { afterEach, vi } from 'vitest';
import { forgetEnvForTests } from '@/lib/env';

// Vitest runs the suites of one worker in one module graph (vitest.config.ts: isolate: false), and
// runs this file before each suite: every suite starts from the environment the worker started with
// (what an earlier suite set or deleted is put back) and parses it afresh, as in a fresh process.
const start = ((globalThis as { __tilmenStartEnv?: Record<string, string | undefined> }).__tilmenStartEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in start)) delete process.env[key];
for (const [key, value] of Object.entries(start)) if (process.env[key] !== value) process.env[key] = value;
forgetEnvForTests();
// Nor what an earlier suite left in the process: the app database it set (test/db.ts setAppDb), the
// background loop (its timers stopped), the mail and SMS senders made from its settings, the room bus.
const held = globalThis as { __tilmenBackground?: { timers: ReturnType<typeof setInterval>[] } } & Record<string, unknown>;
for (const timer of held.__tilmenBackground?.timers ?? []) clearInterval(timer);
for (const key of ['__tilmenDb', '__tilmenBackground', '__tilmenMail', '__tilmenSms', '__tilmenBus']) delete held[key];

// The App Router's hooks (useRouter, usePathname, useSearchParams) from one shared object in every
// file (test/next-navigation.ts: atPage); redirect, notFound and the rest stay Next's own.
vi.mock('next/navigation', async (importOriginal) => {
  const { navigation } = await import('./next-navigation');
  return {
    ...(await importOriginal<typeof import('next/navigation')>()),
    useRouter: () => navigation.router,
    usePathname: () => navigation.pathname,
    useSearchParams: () => navigation.searchParams,
  };
});

// A component test waits for what a lazily loaded module (the API client, a panel) does: on this
// 2-core machine under the whole suite's load the first import of one can take over a second, the
// Testing Library's default wait. Waits give up after 5 s instead (a passing test never waits that long).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
