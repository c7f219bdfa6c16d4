import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { boundaries } from './lint/boundaries.mjs';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...boundaries,
  globalIgnores(['.next/**', '.next-*/**', 'public/**', 'out/**', 'node_modules/**', 'next-env.d.ts', 'bench-results/**', 'scripts/bench/bare/.next/**', 'test-results/**', 'playwright-report/**', 'lib/db/migrations/**']),
]);
