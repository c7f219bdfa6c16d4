import 'server-only';
import { createEvent } from 'ics';
import type { IcsMethod } from '@/lib/outbox/mail';

export interface IcsLesson {
  id: number;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  title: string;
  description: string;
  url: string;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string };
  method: IcsMethod;
}

/** A stable UID per lesson: a reschedule or cancel (higher SEQUENCE) moves or removes the same event. */
export const lessonUid = (id: number) => `trial-lesson-${id}@tilmen.kz`;

/** The lesson's .ics (RFC 5545 with METHOD for iTIP), times in UTC. */
export function lessonIcs(l: IcsLesson): string {
  const { error, value } = createEvent({
    uid: lessonUid(l.id),
    sequence: l.sequence,
    method: l.method,
    productId: 'tilmen.kz/booking',
    start: l.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: l.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: l.title,
    description: l.description,
    url: l.url,
    location: l.url,
    status: l.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: l.organizer,
    attendees: l.attendee ? [{ ...l.attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }] : [],
  });
  if (error || !value) throw error ?? new Error('ics: no value');
  return value;
}
