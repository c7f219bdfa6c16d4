import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config';

// The cluster test (deploy/test/cluster.cluster.test.ts): its own run, never part of `npx vitest
// run` (it needs a production build, nginx and PostgreSQL). bash scripts/test-cluster.sh runs it.
const config = mergeConfig(base, defineConfig({ test: { testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false } }));
// mergeConfig concatenates arrays: the base excludes deploy/**, so both lists are replaced.
config.test!.include = ['deploy/test/*.cluster.test.ts'];
config.test!.exclude = ['node_modules/**'];
export default config;
