import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      // Server-only guards are for the Next bundler; tests run that code directly.
      'server-only': path.resolve(__dirname, 'test/empty-module.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'e2e/**', '.next*/**', 'deploy/**'],
    setupFiles: ['test/setup.ts'],
    // One migrated, seeded database for the run; each suite's database is a copy of it (test/db.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, while the
    // main process mostly waits. Two workers: each suite's PGlite keeps one core busy.
    maxWorkers: 2,
    // The suites of a worker share one module graph instead of a fresh one each: the app's modules
    // (route handlers, drizzle, next-intl, PGlite's WebAssembly) load once per worker, not once per
    // suite (import 116 s → 29 s over the run). test/setup.ts gives every suite the worker's starting
    // environment, parsed afresh; each suite has its own database (test/db.ts).
    isolate: false,
    // next-intl/middleware imports 'next/server' without an extension, which plain Node ESM
    // cannot resolve; inlined, Vite resolves it (proxy.test.ts).
    server: { deps: { inline: ['next-intl'] } },
  },
});
