import { describe, expect, it } from 'vitest';
import { openDb } from '@/lib/db/open';
import { lessons } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { appendEvent, readEvents } from '@/lib/lesson-room/events';
import { announce, parseWake, startBus } from './bus';

const MIN = 60_000;

async function bookedLesson(db: Db, k: number) {
  const tutorId = await insertTestUser(db, { role: 'tutor', scope: 'tutor', phone: `+770190000${k}0`, email: `bus-t${k}@example.kz` });
  const studentId = await insertTestUser(db, { phone: `+770190000${k}1`, email: `bus-s${k}@example.kz` });
  const startsAt = new Date(Date.now() - 5 * MIN);
  const [row] = await db.insert(lessons).values({ tutorId, studentId, subject: 'english', status: 'booked', startsAt, endsAt: new Date(startsAt.getTime() + 30 * MIN) }).returning();
  return row!;
}

/**
 * The next wake-up for `lessonId` on `bus`, or null after 3 s. Wake-ups for seqs below `atLeast` are
 * passed over: an instance hears its own NOTIFY too, and that may arrive after the next waiter subscribed.
 */
const nextWake = (bus: Awaited<ReturnType<typeof startBus>>, lessonId: number, atLeast = 0) =>
  new Promise<number | 'all' | null>((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(null);
    }, 3000);
    const off = bus.subscribe('room', lessonId, (seq) => {
      if (typeof seq === 'number' && seq < atLeast) return;
      clearTimeout(timer);
      off();
      resolve(seq);
    });
  });

describe(`wake-ups go through the database (${dbLabel()})`, () => {
  const t = useTestDb();

  it('parses only topic:key:seq payloads of known topics', () => {
    expect(parseWake('room:12:3')).toEqual({ topic: 'room', key: 12, seq: 3 });
    expect(parseWake('chat:5:0')).toEqual({ topic: 'chat', key: 5, seq: 0 });
    expect(parseWake('12:3')).toBeNull();
    expect(parseWake('other:1:1')).toBeNull();
    expect(parseWake('room:x:1')).toBeNull();
  });

  it('a stored event wakes the listeners of its topic and lesson only, after it is committed', async () => {
    const bus = await startBus(t.db);
    try {
      const a = await bookedLesson(t.db, 1);
      const b = await bookedLesson(t.db, 2);
      const woke = nextWake(bus, a.id);
      const other = nextWake(bus, b.id);
      // Another topic's news under the same number (a chat help question numbered like the lesson) wakes no room.
      await t.db.execute(announce('chat', b.id, 1));
      const e = await appendEvent(t.db, a, 'student', { kind: 'chat', payload: { text: 'hello' } });
      expect(await woke).toBe(e.seq);
      expect(await other).toBeNull();
      // What woke it is readable: stored before delivered.
      expect((await readEvents(t.db, a.id, 'tutor', e.seq - 1)).map((x) => x.payload)).toEqual([{ text: 'hello' }]);
    } finally {
      await bus.stop();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('two instances (two pools, two listeners) hear each other\'s messages through LISTEN/NOTIFY', async () => {
    const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const second = await openDb({ url, seed: false });
    const busA = await startBus(t.db);
    const busB = await startBus(second.db);
    try {
      const lesson = await bookedLesson(t.db, 3);
      // The tutor's instance (A) stores; the student's (B) hears it.
      const onB = nextWake(busB, lesson.id);
      const fromA = await appendEvent(t.db, lesson, 'tutor', { kind: 'signal', payload: { description: { type: 'offer', sdp: 'v=0' } } });
      expect(await onB).toBe(fromA.seq);
      expect((await readEvents(second.db, lesson.id, 'student', 0)).map((x) => x.seq)).toContain(fromA.seq);
      // And back.
      const onA = nextWake(busA, lesson.id, fromA.seq + 1);
      const fromB = await appendEvent(second.db, lesson, 'student', { kind: 'signal', payload: { description: { type: 'answer', sdp: 'v=0' } } });
      expect(await onA).toBe(fromB.seq);
      expect(fromB.seq).toBe(fromA.seq + 1);
    } finally {
      await busA.stop();
      await busB.stop();
      await second.close();
    }
  });
});
