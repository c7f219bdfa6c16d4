import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { beforeAll, describe, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { lessons } from '@/lib/db/schema';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import type { jsonRequest } from '@/test/http';
import { nasty as nastyValues, sweep } from '@/test/malformed';
import { call } from '@/test/staff';
import { POST as postBook } from './book/route';
import { POST as postHold } from './hold/route';
import { POST as postCancel } from '../lessons/[id]/cancel/route';
import { POST as postMark } from '../lessons/[id]/mark/route';
import { POST as postRate } from '../lessons/[id]/rate/route';
import { POST as postReport } from '../lessons/[id]/report/route';
import { POST as postReschedule } from '../lessons/[id]/reschedule/route';
import { PUT as putSchedule } from '../tutor/schedule/route';

// The malformed-body sweep (app/api/malformed-bodies.db.test.ts) for the booking calls: every body
// is a 4xx with the error shape, never a 5xx, for a signed-in student or tutor.
const nasty = nastyValues(fc.constant('2031-03-10T13:00:00.000Z'));
const instant = fc.oneof(nasty, fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.constantFrom('2031-03-10T13:00:00+05:00', 'tomorrow', '2031-02-30T10:00:00Z'));
const holdBody = fc.record({ tutorId: fc.oneof(nasty, fc.integer({ min: -2, max: 5 })), startsAt: instant }, { requiredKeys: [] });
const bookBody = fc.record(
  { tutorId: fc.oneof(nasty, fc.integer({ min: -2, max: 5 })), startsAt: instant, subject: fc.oneof(nasty, fc.constantFrom('kazakh', 'english', 'KAZAKH')), idempotencyKey: fc.oneof(nasty, fc.uuid()), holdToken: nasty },
  { requiredKeys: [] },
);
const range = fc.tuple(fc.oneof(fc.integer({ min: -60, max: 1500 }), nasty), fc.oneof(fc.integer({ min: -60, max: 1500 }), nasty));
const scheduleBody = fc.record(
  {
    weekly: fc.oneof(nasty, fc.dictionary(fc.constantFrom('1', '3', '8', 'mon'), fc.oneof(nasty, fc.array(range, { maxLength: 8 })), { maxKeys: 3 })),
    daysOff: fc.oneof(nasty, fc.array(fc.oneof(nasty, fc.constantFrom('2031-03-10', '2031-02-30', '10.03.2031')), { maxLength: 3 })),
    minNoticeHours: fc.oneof(nasty, fc.integer({ min: -1, max: 200 })),
    horizonWeeks: fc.oneof(nasty, fc.integer({ min: -1, max: 20 })),
  },
  { requiredKeys: [] },
);
const markBody = fc.record(
  { outcome: fc.oneof(nasty, fc.constantFrom('held', 'not_held')), noShow: fc.oneof(nasty, fc.constantFrom('student', 'tutor', 'both')), reason: fc.oneof(nasty, fc.constantFrom('Урок прошёл по телефону', ' ')) },
  { requiredKeys: [] },
);
const mark15 = fc.oneof(nasty, fc.integer({ min: -1, max: 7 }));
const reportBody = fc.record(
  {
    covered: fc.oneof(nasty, fc.constant('Present Simple')),
    homework: nasty,
    level: fc.oneof(nasty, fc.constantFrom('A1', 'B2', 'C3', 'b1')),
    marks: fc.oneof(nasty, fc.record({ speaking: mark15, listening: mark15, reading: mark15, writing: mark15, grammar: mark15, extra: mark15 }, { requiredKeys: [] })),
  },
  { requiredKeys: [] },
);
const rateBody = fc.record({ rating: fc.oneof(nasty, fc.integer({ min: -1, max: 7 })), comment: nasty }, { requiredKeys: [] });

describe(`booking calls: malformed bodies (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let student = '';
  let tutor = '';
  let lessonId = '1';
  beforeAll(async () => {
    const s = await insertTestUser(t.db, { phone: '+77015550001' });
    const tu = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: '+77015550002' });
    student = (await openSession(t.db, { id: s, scope: 'student' })).accessToken;
    tutor = (await openSession(t.db, { id: tu, scope: 'tutor tutor:bookable' })).accessToken;
    const start = new Date('2031-03-10T13:00:00Z');
    const [l] = await t.db.insert(lessons).values({ tutorId: tu, studentId: s, subject: 'kazakh', status: 'booked', startsAt: start, endsAt: new Date(start.getTime() + 1_800_000) }).returning();
    lessonId = String(l!.id);
  });
  const as = (token: () => string, handler: unknown, method = 'POST', withId = false) => (req: ReturnType<typeof jsonRequest>) => {
    const headers = new Headers(req.headers);
    headers.set('authorization', `Bearer ${token()}`);
    headers.set('origin', 'http://localhost');
    return call(handler, new NextRequest(req, { headers, method }), withId ? { id: lessonId } : {});
  };
  const routes = [
    ['/api/booking/hold', as(() => student, postHold), holdBody],
    ['/api/booking/book', as(() => student, postBook), bookBody],
    ['/api/tutor/schedule (PUT)', as(() => tutor, putSchedule, 'PUT'), scheduleBody],
    ['/api/lessons/[id]/reschedule', as(() => student, postReschedule, 'POST', true), fc.record({ startsAt: instant }, { requiredKeys: [] })],
    ['/api/lessons/[id]/mark', as(() => tutor, postMark, 'POST', true), markBody],
    ['/api/lessons/[id]/rate', as(() => student, postRate, 'POST', true), rateBody],
    ['/api/lessons/[id]/report', as(() => tutor, postReport, 'POST', true), reportBody],
    ['/api/lessons/[id]/cancel', as(() => student, postCancel, 'POST', true), fc.record({ reason: nasty }, { requiredKeys: [] })],
  ] as const;
  for (const [path, handler, shaped] of routes) {
    it(`${path}: 50 shaped, 25 arbitrary JSON, 15 raw bodies`, () => sweep(path, handler, shaped as fc.Arbitrary<unknown>), 180_000);
  }
});
