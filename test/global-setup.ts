import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { openDb } from '@/lib/db/open';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite pass: a dump (uncompressed tar) of an in-memory database, migrated and seeded. */
    pgliteTemplate: string;
    /** PostgreSQL pass (TEST_DATABASE_URL): a database migrated and seeded, copied for each suite. */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds one database before any test file runs; each suite's database (test/db.ts
 * createTestDb) starts as a copy of it instead of running every migration again. The copy is what
 * `openDb({})` made before: the migrations, then `seed` (no demo tutors in tests).
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const { Client } = await import('pg');
    const name = `t_template_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    // Closed before any copy is made: CREATE DATABASE … TEMPLATE needs no one connected to it.
    await (await openDb({ url: url.toString() })).close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      const drop = new Client({ connectionString: server });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tilmen-test-db-'));
  const file = path.join(dir, 'template.tar');
  const opened = await openDb({});
  try {
    // dump(): a gzipped tar after a CHECKPOINT (lib/backup/embedded.ts); kept uncompressed so that
    // each suite loads it without unzipping.
    const gz = await new Response(await opened.dump!()).arrayBuffer();
    writeFileSync(file, gunzipSync(Buffer.from(gz)));
  } finally {
    await opened.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
