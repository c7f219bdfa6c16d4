import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, insertTestUser, setAppDb } from '@/test/db';
import { hrUser, insertCompany } from '@/test/company';
import { call, enrolledStaff } from '@/test/staff';

/**
 * Every route that takes a body, read from the disk (a new route cannot be missed): a chunked body
 * of 64 MiB without Content-Length, sent by a caller holding every credential at once (student
 * bearer, staff and HR cookies) from the loopback address, is never a 5xx and is never read past
 * the largest cap of any route (audit, issue 10 #5: staff-bootstrap read an
 * unbounded body before checking who calls).
 */
const API = path.join(__dirname);
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const MiB = 1024 * 1024;
/** The largest cap of any route (a tutor's photo: 10 MB plus the multipart envelope). */
const LARGEST_CAP = 17 * MiB;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === 'route.ts' ? [full] : [];
  });
}

describe(`every body-taking route stops reading at its cap (${dbLabel()})`, () => {
  let t: OpenDb;
  let cookie: string;
  let bearer: string;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    const admin = await enrolledStaff(t.db, { email: 'admin-big@school.kz', scopes: ['admin'] });
    const companyId = await insertCompany(t.db, 'big', 'ТОО «Большая»');
    const hr = await hrUser(t.db, { companyId, email: 'hr@big.kz', phone: '+77011113001' });
    const userId = await insertTestUser(t.db, { phone: '+77011113002' });
    ({ accessToken: bearer } = await openSession(t.db, { id: userId, scope: 'student' }));
    cookie = `${admin.cookie}; ${hr.cookie}`;
  });
  afterAll(() => t.close());

  const files = routeFiles(API);
  it('finds the routes', () => expect(files.length).toBeGreaterThan(100));

  for (const file of files) {
    const rel = path.relative(API, path.dirname(file));
    it(`/api/${rel}`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      const params = Object.fromEntries([...rel.matchAll(/\[(\w+)\]/g)].map((m) => [m[1]!, '1']));
      for (const method of METHODS) {
        if (typeof mod[method] !== 'function') continue;
        let pulled = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(c) {
            if (pulled >= 64 * MiB) return c.close();
            pulled += MiB;
            c.enqueue(new Uint8Array(MiB).fill(0x20));
          },
        });
        const multipart = /photo|roster|attachment|upload/.test(rel);
        // Sign-out would end the credentials the routes after it are called with.
        const credentials = /logout/.test(rel) ? {} : { cookie, authorization: `Bearer ${bearer}` };
        const req = new NextRequest(`http://localhost/api/${rel.replace(/\[(\w+)\]/g, '1')}`, {
          method,
          headers: {
            'content-type': multipart ? 'multipart/form-data; boundary=xx' : 'application/json',
            origin: 'http://localhost',
            'x-forwarded-for': '127.0.0.1',
            ...credentials,
          },
          body,
          duplex: 'half',
        } as unknown as ConstructorParameters<typeof NextRequest>[1]);
        const res = await call(mod[method], req, params);
        // A 2xx only from a call that takes no body (sign-out, a refresh) and so never read it.
        expect(res.status, `${method} /api/${rel}`).toBeLessThan(500);
        expect(pulled, `${method} /api/${rel} read ${pulled / MiB} MiB`).toBeLessThanOrEqual(LARGEST_CAP);
        await body.cancel().catch(() => {});
      }
    }, 60_000);
  }
});
