import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { media } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import * as mediaRoute from '@/app/api/media/tutors/[file]/route';
import { importMediaDir, mediaDir, readPhoto, storePhoto } from './photo';

vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  process.env.MEDIA_DIR = mkdtempSync(join(tmpdir(), 'tilmen-media-'));
});

const jpeg = (color: string) => sharp({ create: { width: 400, height: 300, channels: 3, background: color } }).jpeg().toBuffer();
const get = (file: string) => call(mediaRoute.GET, new NextRequest(`http://localhost/api/media/tutors/${file}`), { file });

describe(`tutor photos in the database (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('stores both sizes in the media table, not on disk, and serves them with an immutable cache', async () => {
    const id = await storePhoto(t.db, new Uint8Array(await jpeg('#c04040')));
    const rows = await t.db.select().from(media).where(like(media.name, `tutors/${id}-%`));
    expect(rows.map((r) => r.name).sort()).toEqual([`tutors/${id}-card.webp`, `tutors/${id}-page.webp`]);
    expect(rows.every((r) => r.contentType === 'image/webp')).toBe(true);
    // Nothing is written into MEDIA_DIR any more (a read-only folder, or none, is fine).
    expect(() => rmSync(path.join(mediaDir(), `${id}-card.webp`))).toThrow();
    for (const [size, px] of [['card', 320], ['page', 640]] as const) {
      const res = await get(`${id}-${size}.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: px, height: px });
    }
    expect((await get('AAAAAAAAAAAAAAAA-card.webp')).status).toBe(404);
    expect((await get('../../etc/passwd')).status).toBe(404);
  });

  it('serves a photo an earlier version left in MEDIA_DIR and copies it into the database on that first read', async () => {
    const file = 'Legacy0123456789-page.webp';
    const bytes = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#2050a0' } }).webp().toBuffer();
    mkdirSync(mediaDir(), { recursive: true });
    writeFileSync(path.join(mediaDir(), file), bytes);
    expect(await t.db.select().from(media).where(eq(media.name, `tutors/${file}`))).toHaveLength(0);

    const first = await get(file);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes)).toBe(true);
    const [row] = await t.db.select().from(media).where(eq(media.name, `tutors/${file}`));
    expect(row!.bytes.equals(bytes)).toBe(true);

    // The file can go: the database answers now (so does any other instance).
    rmSync(path.join(mediaDir(), file));
    expect((await readPhoto(t.db, file))?.bytes.equals(bytes)).toBe(true);
  });

  it('copies every photo of MEDIA_DIR not in the database yet at start, once', async () => {
    const bytes = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#30a050' } }).webp().toBuffer();
    const files = ['Start0123456789a-card.webp', 'Start0123456789b-card.webp'];
    for (const f of files) writeFileSync(path.join(mediaDir(), f), bytes);
    writeFileSync(path.join(mediaDir(), 'notes.txt'), 'not a photo');
    expect(await importMediaDir(t.db)).toBe(2);
    expect(await importMediaDir(t.db)).toBe(0);
    for (const f of files) {
      rmSync(path.join(mediaDir(), f));
      expect((await get(f)).status).toBe(200);
    }
  });
});
