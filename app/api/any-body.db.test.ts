import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, insertTestUser, setAppDb } from '@/test/db';
import { hrUser, insertCompany } from '@/test/company';
import { expectClientError } from '@/test/malformed';
import { call, enrolledStaff } from '@/test/staff';

/**
 * The malformed-body sweep over every route that takes a body, read from the disk, so a new route
 * cannot be missed (audit, issue 10 row D: ~15 routes were in no hand-written list). Each gets
 * arbitrary JSON and raw text from a caller holding every credential at once (student bearer,
 * staff admin and HR cookies), from the loopback address: never a 5xx, always the error shape.
 * The suites beside the routes sweep bodies shaped like each route's own (test/malformed.ts).
 */
const API = path.join(__dirname);
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const anyJson = fc.jsonValue({ maxDepth: 3 });
const raw = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '{"a":1', '', 'null', '[]', '\u0000'));

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === 'route.ts' ? [path.join(dir, e.name)] : []));
}

describe(`every body-taking route answers any body with a 4xx or a success, never a 5xx (${dbLabel()})`, () => {
  let t: OpenDb;
  let credentials: Record<string, string>;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    const admin = await enrolledStaff(t.db, { email: 'admin-any@school.kz', scopes: ['admin'] });
    const companyId = await insertCompany(t.db, 'anybody', 'ТОО «Любая»');
    const hr = await hrUser(t.db, { companyId, email: 'hr@anybody.kz', phone: '+77011114001' });
    const userId = await insertTestUser(t.db, { phone: '+77011114002' });
    const { accessToken } = await openSession(t.db, { id: userId, scope: 'student' });
    credentials = { cookie: `${admin.cookie}; ${hr.cookie}`, authorization: `Bearer ${accessToken}` };
  });
  afterAll(() => t.close());

  for (const file of routeFiles(API)) {
    const rel = path.relative(API, path.dirname(file)).split(path.sep).join('/');
    it(`/api/${rel}`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      const params = Object.fromEntries([...rel.matchAll(/\[(\w+)\]/g)].map((m) => [m[1]!, '1']));
      const url = `http://localhost/api/${rel.replace(/\[(\w+)\]/g, '1')}`;
      // Sign-out would end the credentials the other calls use.
      const headers = (type: string) => ({ 'content-type': type, origin: 'http://localhost', 'x-forwarded-for': '127.0.0.1', 'accept-language': 'kk', ...(/logout/.test(rel) ? {} : credentials) });
      for (const method of METHODS) {
        const handler = mod[method];
        if (typeof handler !== 'function') continue;
        const send = async (body: string, type: string) => {
          const res = await call(handler, new NextRequest(url, { method, headers: headers(type), body }), params);
          await expectClientError(res);
          expect(res.status, `${method} /api/${rel}`).toBeLessThan(500);
        };
        await fc.assert(fc.asyncProperty(anyJson, (b) => send(JSON.stringify(b), 'application/json')), { numRuns: 12 });
        await fc.assert(fc.asyncProperty(raw, fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x'), (b, type) => send(b, type)), { numRuns: 4 });
      }
    }, 120_000);
  }
});
