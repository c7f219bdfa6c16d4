import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb, type OpenDb } from '@/lib/db/open';
import { appSecret } from '@/lib/env';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call } from '@/test/staff';
import * as cacheRoute from '@/app/api/internal/cache/route';
import { applyOnOwnInstance, CACHE_CHANNEL, cacheSignature, shareCacheEvent, startCacheListener, stopCacheListener, type CacheEvent } from './cache-bus';

/** Several instances share one cache invalidation through PostgreSQL (lib/runtime/cache-bus.ts). */

const signed = (body: string, opts: { ip?: string; time?: string; signature?: string } = {}) => {
  const time = opts.time ?? String(Date.now());
  return new NextRequest('http://localhost/api/internal/cache', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': opts.ip ?? '127.0.0.1',
      'x-cache-time': time,
      'x-cache-signature': opts.signature ?? cacheSignature(appSecret(), time, body),
    },
    body,
  });
};

describe(`the loopback call that applies another instance's change (${dbLabel()})`, () => {
  let t: OpenDb;
  beforeAll(async () => {
    t = await createTestDb();
    setAppDb(t);
  });
  afterAll(() => t.close());

  it('answers a signed call from the loopback interface once, and 404 to anything else', async () => {
    const body = JSON.stringify({ kind: 'profile', slug: 'aigerim-12' });
    const time = String(Date.now());
    const signature = cacheSignature(appSecret(), time, body);
    expect((await call(cacheRoute.POST, signed(body, { time, signature }))).status).toBe(204);
    expect((await call(cacheRoute.POST, signed(body, { time, signature }))).status).toBe(404);
    expect((await call(cacheRoute.POST, signed(body, { ip: '203.0.113.7' }))).status).toBe(404);
    expect((await call(cacheRoute.POST, signed(body, { signature: cacheSignature('another-secret-of-at-least-32-chars!!', String(Date.now()), body) }))).status).toBe(404);
    expect((await call(cacheRoute.POST, signed(body, { time: String(Date.now() - 120_000), signature: cacheSignature(appSecret(), String(Date.now() - 120_000), body) }))).status).toBe(404);
    expect((await call(cacheRoute.POST, signed(JSON.stringify({ kind: 'drop-everything' })))).status).toBe(404);
    expect((await call(cacheRoute.POST, signed(JSON.stringify({ kind: 'slots', pad: 'x'.repeat(2000) })))).status).toBe(413);
  });

  it('reaches the instance over HTTP, signed with the application secret', async () => {
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
      headers.set('x-forwarded-for', req.socket.remoteAddress ?? '');
      const answer = await call(cacheRoute.POST, new NextRequest(`http://localhost${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }));
      res.writeHead(answer.status).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      await applyOnOwnInstance({ kind: 'slots' }, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      server.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('instances hear each other through NOTIFY (postgres)', () => {
  let opened: OpenDb;
  let url = '';
  let other: pg.Client;
  const heard: CacheEvent[] = [];
  const name = `t_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    opened = await openDb({ url, seed: false });
    setAppDb(opened);
    other = new pg.Client({ connectionString: url });
    await other.connect();
    startCacheListener({ url, apply: async (e) => void heard.push(e) });
  });
  afterAll(async () => {
    await stopCacheListener();
    await other.end();
    await opened.close();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const announceFromOther = (payload: unknown) => other.query('select pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify(payload)]);
  const until = async (what: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    return what();
  };

  it("applies another instance's changes, and not its own or anything malformed", async () => {
    // The listener connects in the background: announce until it hears.
    const end = Date.now() + 5000;
    while (heard.length === 0 && Date.now() < end) {
      await announceFromOther({ kind: 'slots', from: 'instance-b' });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(heard[0]).toEqual({ kind: 'slots' });
    heard.length = 0;
    await announceFromOther({ kind: 'profile', slug: 'aigerim-12', from: 'instance-b' });
    expect(await until(() => heard.length === 1)).toBe(true);
    expect(heard[0]).toEqual({ kind: 'profile', slug: 'aigerim-12' });
    // Its own announcement (this process applied it already), and junk, are ignored.
    shareCacheEvent({ kind: 'profile', slug: 'own-change' });
    await announceFromOther({ kind: 'profile', slug: '../../x', from: 'instance-b' });
    await other.query('select pg_notify($1, $2)', [CACHE_CHANNEL, 'not json']);
    await announceFromOther({ kind: 'slots', from: 'instance-b' });
    expect(await until(() => heard.length === 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([{ kind: 'profile', slug: 'aigerim-12' }, { kind: 'slots' }]);
    // The announcement did go out: another listener hears it.
    const third = new pg.Client({ connectionString: url });
    await third.connect();
    await third.query(`LISTEN ${CACHE_CHANNEL}`);
    const got = new Promise<string>((r) => third.once('notification', (n) => r(n.payload ?? '')));
    shareCacheEvent({ kind: 'slots' });
    expect(JSON.parse(await got)).toMatchObject({ kind: 'slots' });
    await third.end();
  });

  it('listens again after losing its connection and expires everything once', async () => {
    heard.length = 0;
    await other.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = $2`, [name, `LISTEN ${CACHE_CHANNEL}`]);
    expect(await until(() => heard.some((e) => e.kind === 'all'), 8000)).toBe(true);
    await announceFromOther({ kind: 'slots', from: 'instance-b' });
    expect(await until(() => heard.some((e) => e.kind === 'slots'))).toBe(true);
  });
});
