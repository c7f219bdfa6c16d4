import { randomBytes } from 'node:crypto';
import { openDb, type OpenDb } from '@/lib/db/open';

/**
 * A fresh database for one suite: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (the test command starts a throwaway cluster for that pass).
 */
export async function createTestDb(): Promise<OpenDb> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return openDb({});
  const { Client } = await import('pg');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const opened = await openDb({ url: url.toString() });
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
export function useAsAppDb(opened: OpenDb) {
  (globalThis as unknown as { __tilmenDb?: Promise<OpenDb> }).__tilmenDb = Promise.resolve(opened);
}
