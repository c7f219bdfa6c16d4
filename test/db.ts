import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { isDbClosed, openDb, type OpenDb } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

let pgliteTemplate: Blob | undefined;

/**
 * A fresh database for one suite: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (the test command starts a throwaway cluster for that pass). Both start
 * as a copy of the template that test/global-setup.ts migrated and seeded once for the run, so the
 * database is the same as `openDb` makes from nothing (migrations, then seed), only faster.
 */
export async function createTestDb(): Promise<OpenDb> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const file = inject('pgliteTemplate');
    if (!file) return openDb({});
    pgliteTemplate ??= new Blob([readFileSync(file)]);
    // Already seeded: seeding again would only move the id sequences on.
    return openDb({ loadDataDir: pgliteTemplate, seed: false });
  }
  const { Client } = await import('pg');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = inject('pgTemplate');
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const opened = await openDb({ url: url.toString(), seed: !template });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      const drop = new Client({ connectionString: server });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

export const dbLabel = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/** Makes the app's database getter (lib/db/client.ts) return this test database. */
export function setAppDb(opened: OpenDb) {
  (globalThis as unknown as { __tilmenDb?: Promise<OpenDb> }).__tilmenDb = Promise.resolve(opened);
}

/**
 * A fresh test database for the suite this is called in: opened before its tests (beforeAll) and
 * closed after them, unless a test closed it. With `asAppDb`, also the database the app's code gets
 * (route handlers, background passes). The handle fills in when the suite starts: read `t.db` in
 * hooks and tests, and call this before the suite's own beforeAll hooks that use it.
 */
export function useTestDb({ asAppDb = false }: { asAppDb?: boolean } = {}): OpenDb {
  const handle = {} as OpenDb;
  beforeAll(async () => {
    Object.assign(handle, await createTestDb());
    if (asAppDb) setAppDb(handle);
  });
  afterAll(async () => {
    if (handle.db && !isDbClosed(handle.db)) await handle.close();
  });
  return handle;
}

/** A student account for rows that belong to one (sessions, reset links, events): its id. */
export async function insertTestUser(db: Db, fields: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ role: 'student', name: 'Айгүл', lastname: 'Сейтова', phone: '+77010000001', passwordHash: 'x', ...fields })
    .returning({ id: users.id });
  return user!.id;
}
