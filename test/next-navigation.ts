import { vi } from 'vitest';

/**
 * The App Router's hooks as component tests see them: test/setup.ts mocks `next/navigation` with
 * these (its other exports stay real). One object per worker: the suite runs files without
 * isolation (vitest.config.ts), so a module that took `useRouter` from an earlier file's mock kept
 * that file's `push`, and a later file's assertion on its own never saw the call (the group form's
 * test failed about one run in five, its retries too).
 */
type Navigation = {
  router: Record<'push' | 'replace' | 'refresh' | 'prefetch' | 'back' | 'forward', ReturnType<typeof vi.fn>>;
  pathname: string;
  searchParams: URLSearchParams;
};
// On globalThis: a file's modules may be evaluated afresh while a module an earlier file loaded
// (i18n/navigation) keeps the mock it was given then, so module state alone is not one object.
const held = globalThis as { __tilmenNavigation?: Navigation };
export const navigation: Navigation = (held.__tilmenNavigation ??= {
  router: { push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn() },
  pathname: '/',
  searchParams: new URLSearchParams(),
});

/** A test's page: its path and query; the router's calls forgotten. */
export function atPage(pathname: string, search = ''): typeof navigation.router {
  for (const fn of Object.values(navigation.router)) fn.mockReset();
  navigation.pathname = pathname;
  navigation.searchParams = new URLSearchParams(search);
  return navigation.router;
}
