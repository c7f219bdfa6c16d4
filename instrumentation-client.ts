// Runs in the browser before the app's code (Next's client instrumentation hook), on every page.
//
// Zod checks once, on its first parse, whether it may compile parsers with `Function(...)`. Under
// the site's Content-Security-Policy (no 'unsafe-eval', lib/server/csp.mjs) that check is blocked
// and reported as a violation on every page with a form. Zod's `jitless` setting skips the check
// (parsing is the same). Zod keeps its settings on globalThis.__zod_globalConfig, so they are set
// here without importing Zod into every page.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;
