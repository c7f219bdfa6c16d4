import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  captchaTokens,
  emailConfirmations,
  lessonRoomEvents,
  lessons,
  libraryAnswers,
  libraryCourses,
  libraryUnits,
  libraryUnitVersions,
  media,
  outbox,
  passwordResets,
  rateLimits,
  refreshTokens,
  securityEvents,
  smsCodes,
  type RoomEventKind,
} from '@/lib/db/schema';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { RECORDING_DAYS } from '@/lib/validations/homework';
import { prune, RETENTION_RULES, ROOM_LOG_DAYS } from './retention';

const now = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe(`retention (${dbLabel()})`, () => {
  const t = useTestDb();
  let userId: number;
  beforeAll(async () => {
    userId = await insertTestUser(t.db);
  });

  async function remaining() {
    const db = t.db;
    return {
      rateLimits: (await db.select().from(rateLimits)).map((r) => r.key).sort(),
      smsCodes: (await db.select().from(smsCodes)).map((r) => r.phone).sort(),
      captcha: (await db.select().from(captchaTokens)).map((r) => r.tokenHash).sort(),
      outbox: (await db.select().from(outbox)).map((r) => r.recipient).sort(),
      refresh: (await db.select().from(refreshTokens)).map((r) => r.tokenHash).sort(),
      resets: (await db.select().from(passwordResets)).map((r) => r.tokenHash).sort(),
      confirmations: (await db.select().from(emailConfirmations)).map((r) => r.tokenHash).sort(),
      events: (await db.select().from(securityEvents)).map((r) => r.type).sort(),
    };
  }

  it('deletes rows older than their rule and keeps younger ones and pending messages', async () => {
    const db = t.db;
    await db.insert(rateLimits).values([
      { key: 'old-day-window', windowStart: ago(DAY + 2 * HOUR), count: 3 },
      // A day-long window that started 24.5 hours ago ended only half an hour ago: kept.
      { key: 'recent-day-window', windowStart: ago(DAY + HOUR / 2), count: 3 },
    ]);
    await db.insert(smsCodes).values([
      { phone: '+77010000010', purpose: 'register', codeHash: 'h1', expiresAt: ago(DAY + HOUR), createdAt: ago(DAY + HOUR + 300_000) },
      // Sent 23 hours ago: the per-phone back-off still reads it.
      { phone: '+77010000011', purpose: 'register', codeHash: 'h2', expiresAt: ago(23 * HOUR - 300_000), createdAt: ago(23 * HOUR) },
    ]);
    await db.insert(captchaTokens).values([
      { tokenHash: 'old-token', createdAt: ago(DAY + 1000) },
      { tokenHash: 'new-token', createdAt: ago(HOUR) },
    ]);
    await db.insert(outbox).values([
      { channel: 'email', recipient: 'sent-old', body: 'b', status: 'sent', createdAt: ago(31 * DAY), sentAt: ago(31 * DAY) },
      { channel: 'sms', recipient: 'failed-old', body: 'b', status: 'failed', createdAt: ago(31 * DAY) },
      { channel: 'email', recipient: 'sent-recent', body: 'b', status: 'sent', createdAt: ago(29 * DAY), sentAt: ago(29 * DAY) },
      // Never deleted however old: it is still to be sent.
      { channel: 'email', recipient: 'pending-old', body: 'b', status: 'pending', createdAt: ago(90 * DAY) },
    ]);
    const family = (id: string, started: Date) => ({ userId, familyId: id, familyCreatedAt: started, createdAt: started });
    await db.insert(refreshTokens).values([
      { ...family('f-old', ago(32 * DAY)), tokenHash: 'rt-old-used', usedAt: ago(31 * DAY) },
      { ...family('f-old', ago(32 * DAY)), tokenHash: 'rt-old-revoked', revokedAt: ago(25 * DAY) },
      // Within its 30 days, a used token stays so that presenting it again revokes the family.
      { ...family('f-live', ago(20 * DAY)), tokenHash: 'rt-live-used', usedAt: ago(19 * DAY) },
      { ...family('f-live', ago(20 * DAY)), tokenHash: 'rt-live' },
    ]);
    await db.insert(passwordResets).values([
      { userId, tokenHash: 'reset-old', expiresAt: ago(DAY + HOUR), usedAt: ago(DAY + 2 * HOUR) },
      { userId, tokenHash: 'reset-recent', expiresAt: ago(HOUR) },
    ]);
    await db.insert(emailConfirmations).values([
      { userId, email: 'a@x.kz', tokenHash: 'confirm-old', expiresAt: ago(2 * DAY) },
      { userId, email: 'a@x.kz', tokenHash: 'confirm-live', expiresAt: new Date(now.getTime() + HOUR) },
    ]);
    await db.insert(securityEvents).values([
      { type: 'login-old', userId, createdAt: ago(366 * DAY) },
      { type: 'login-recent', userId, createdAt: ago(364 * DAY) },
    ]);

    const deleted = await prune(db, now);

    expect(deleted).toEqual({
      rate_limits: 1,
      sms_codes: 1,
      captcha_tokens: 1,
      outbox: 2,
      refresh_tokens: 2,
      password_resets: 1,
      email_confirmations: 1,
      security_events: 1,
      lesson_room_events: 0,
      media: 0,
    });
    expect(await remaining()).toEqual({
      rateLimits: ['recent-day-window'],
      smsCodes: ['+77010000011'],
      captcha: ['new-token'],
      outbox: ['pending-old', 'sent-recent'],
      refresh: ['rt-live', 'rt-live-used'],
      resets: ['reset-recent'],
      confirmations: ['confirm-live'],
      events: ['login-recent'],
    });

    // Idempotent: a second pass (another instance, the next hour) finds nothing more to do.
    expect(Object.values(await prune(db, now)).every((n) => n === 0)).toBe(true);
  });

  it('works through a backlog in batches, and parallel passes delete each row once', async () => {
    const db = t.db;
    await db.delete(rateLimits);
    await db.insert(rateLimits).values(Array.from({ length: 25 }, (_, i) => ({ key: `k${i}`, windowStart: ago(2 * DAY), count: 1 })));

    // A pass is capped (2 batches of 5 here); the rest waits for the next one.
    expect((await prune(db, now, { batch: 5, maxBatches: 2 })).rate_limits).toBe(10);
    expect(await db.$count(rateLimits)).toBe(15);

    const [a, b] = await Promise.all([prune(db, now, { batch: 4 }), prune(db, now, { batch: 4 })]);
    expect(a.rate_limits! + b.rate_limits!).toBe(15);
    expect(await db.$count(rateLimits)).toBe(0);
  });

  it('prunes the lesson room’s call traffic and replaced notes; keeps what the lesson’s record shows', async () => {
    const db = t.db;
    const tutorId = await insertTestUser(db, { role: 'tutor', phone: '+77010000091' });
    const [lesson] = await db
      .insert(lessons)
      .values({ tutorId, studentId: userId, subject: 'english', status: 'held', startsAt: ago(30 * DAY), endsAt: ago(30 * DAY - HOUR / 2) })
      .returning();
    const old = ago((ROOM_LOG_DAYS + 1) * DAY);
    const recent = ago(HOUR);
    const ev = (seq: number, kind: RoomEventKind, payload: Record<string, unknown>, createdAt = old) => ({ lessonId: lesson!.id, seq, side: 'tutor' as const, kind, payload, createdAt });
    await db.insert(lessonRoomEvents).values([
      ev(1, 'signal', { hello: true }),
      ev(2, 'presence', { audio: true, video: true }),
      ev(3, 'chat', { text: 'Сәлем' }),
      ev(4, 'notes', { text: 'v1' }),
      ev(5, 'board', { elements: [{ id: 'a', version: 1 }] }),
      ev(6, 'vocab', { word: 'кітап', translation: 'книга' }),
      ev(7, 'notes', { text: 'v2' }),
      ev(8, 'signal', { hello: true }, recent),
    ]);
    expect((await prune(db, now)).lesson_room_events).toBe(3);
    const kept = await db.select({ seq: lessonRoomEvents.seq }).from(lessonRoomEvents).where(eq(lessonRoomEvents.lessonId, lesson!.id)).orderBy(lessonRoomEvents.seq);
    // The chat, the last notes, the board and the words stay (the record shows them); a young signal too.
    expect(kept.map((r) => r.seq)).toEqual([3, 5, 6, 7, 8]);
  });

  it("keeps a student's spoken answer for its days, drops a recording never sent after a day, and leaves every other file alone", async () => {
    const db = t.db;
    const L = { ru: 'Проба', kk: 'Сынама', en: 'A try' };
    const [course] = await db.insert(libraryCourses).values({ slug: 'retention-speaking', subject: 'english', level: 'A1', ageBand: 'adults', title: L, description: L }).returning();
    const [unit] = await db.insert(libraryUnits).values({ courseId: course!.id, key: 'speak', position: 0, createdAt: now }).returning();
    const [version] = await db.insert(libraryUnitVersions).values({ unitId: unit!.id, version: 1, title: L, steps: [] }).returning();
    const file = (name: string, createdAt: Date) => ({ name, contentType: 'audio/webm', bytes: Buffer.from('x'), createdAt });
    const sent = (name: string) => ({ studentId: userId, unitId: unit!.id, versionId: version!.id, stepId: 'speak', answer: name, createdAt: now });
    await db.insert(media).values([
      file(`rec-${userId}-sent-recent`, ago(10 * DAY)),
      file(`rec-${userId}-sent-old`, ago((RECORDING_DAYS + 1) * DAY)),
      file(`rec-${userId}-unsent-new`, ago(HOUR)),
      file(`rec-${userId}-unsent-old`, ago(2 * DAY)),
      // Other files, however old: a tutor's photo (its name has a dash and a number too), a course's picture.
      file('tutors/12-256.webp', ago(1000 * DAY)),
      file('i-abcdefghijklmnop.webp', ago(1000 * DAY)),
    ]);
    await db.insert(libraryAnswers).values([sent(`rec-${userId}-sent-recent`), sent(`rec-${userId}-sent-old`)]);
    expect((await prune(db, now)).media).toBe(2);
    const left = (await db.select({ name: media.name }).from(media)).map((r) => r.name);
    expect(left).toEqual(expect.arrayContaining([`rec-${userId}-sent-recent`, `rec-${userId}-unsent-new`, 'tutors/12-256.webp', 'i-abcdefghijklmnop.webp']));
    expect(left).not.toContain(`rec-${userId}-sent-old`);
    expect(left).not.toContain(`rec-${userId}-unsent-old`);
  });

  it('has one rule per table, each naming what it keeps', () => {
    const tables = RETENTION_RULES.map((r) => r.table);
    expect(new Set(tables).size).toBe(tables.length);
    for (const r of RETENTION_RULES) expect(r.keeps.length).toBeGreaterThan(10);
  });
});
