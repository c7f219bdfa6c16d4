import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', '.next-*/**', 'public/**', 'out/**', 'node_modules/**', 'next-env.d.ts', 'bench-results/**', 'test-results/**', 'playwright-report/**', 'lib/db/migrations/**']),
]);
