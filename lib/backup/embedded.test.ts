// Backups of the embedded database (PGlite in a folder, as in production): taken while writes go
// on, restored into a fresh folder, found there. PGlite only (PostgreSQL has pg_dump).
import { mkdtempSync, rmSync, writeFileSync, openAsBlob, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST } from '@/app/api/internal/backup/route';
import { CONSENT_VERSION } from '@/lib/consent';
import { openDb, type OpenDb } from '@/lib/db/open';
import { leadEvents, leads } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import { setAppDb } from '@/test/db';
import { backupFileName, backupSignature, isEmptyDir, restorePglite } from './embedded';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tilmen-backup-test-'));

/** A lead and its note in one transaction: a consistent backup has either both or neither. */
async function leadWithNote(db: Db, name: string) {
  await transaction(db, async (tx) => {
    const [lead] = await tx.insert(leads).values({ kind: 'callback', name, phone: '+77015550100', locale: 'ru', page: '/', consentVersion: CONSENT_VERSION, consentAt: new Date() }).returning();
    await tx.insert(leadEvents).values({ leadId: lead!.id, type: 'note', note: `note of ${name}` });
  });
}

describe('embedded database backup and restore', () => {
  let source: OpenDb;
  beforeAll(async () => {
    source = await openDb({ dataDir: path.join(tmp, 'live') });
    for (let i = 0; i < 20; i++) await leadWithNote(source.db, `Before ${String.fromCharCode(65 + i)}`);
  }, 60_000);
  afterAll(async () => {
    await source.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up while writes go on, and the restore in a fresh folder has every lead taken before it, each whole', async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      // One write per turn of the event loop, as requests arrive at a server (PGlite answers in microtasks).
      while (writing) {
        await leadWithNote(source.db, `During ${String.fromCharCode(65 + (written++ % 26))}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const backup = await new Response(await source.dump!()).blob();
    const writtenAtDump = written;
    await new Promise((resolve) => setTimeout(resolve, 50));
    writing = false;
    await writer;
    expect(writtenAtDump).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(writtenAtDump); // the writes went on after the backup

    const target = path.join(tmp, 'restored');
    expect(isEmptyDir(target)).toBe(true);
    const counts = await restorePglite(target, backup);
    expect(counts.leads).toBeGreaterThanOrEqual(20);

    const restored = await openDb({ dataDir: target });
    try {
      const names = (await restored.db.select({ name: leads.name }).from(leads)).map((r) => r.name);
      for (let i = 0; i < 20; i++) expect(names).toContain(`Before ${String.fromCharCode(65 + i)}`);
      // Every lead has its note: no transaction was cut in half by the backup.
      const orphans = await restored.db.$count(leads, sql`not exists (select 1 from ${leadEvents} where ${leadEvents.leadId} = ${leads.id})`);
      expect(orphans).toBe(0);
      // The restored database takes writes.
      await leadWithNote(restored.db, 'After');
      expect(await restored.db.$count(leads, eq(leads.name, 'After'))).toBe(1);
    } finally {
      await restored.close();
    }
    await expect(restorePglite(target, backup)).rejects.toThrow(/not empty/);
  }, 120_000);

  it('the running server hands a backup only to a signed loopback call (npm run db:backup)', async () => {
    setAppDb(source);
    const errors = vi.spyOn(console, 'error');
    const time = String(Date.now());
    const signed = (ip: string, signature = backupSignature(appSecret(), time)) =>
      new NextRequest('http://127.0.0.1/api/internal/backup', { method: 'POST', headers: { 'x-forwarded-for': ip, 'x-backup-time': time, 'x-backup-signature': signature } });

    expect((await POST(signed('203.0.113.7'))).status).toBe(404);
    expect((await POST(signed('127.0.0.1', 'forged'))).status).toBe(404);
    const res = await POST(signed('127.0.0.1'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const file = path.join(tmp, 'files', backupFileName(new Date('2026-11-23T21:45:07Z')));
    expect(path.basename(file)).toBe('tilmen-backup-2026-11-23T21-45-07Z.tar.gz');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    const counts = await restorePglite(path.join(tmp, 'from-server'), await openAsBlob(file));
    expect(counts.leads).toBeGreaterThanOrEqual(20);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  }, 120_000);
});
