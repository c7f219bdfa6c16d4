import 'server-only';
import { createEvent, createEvents, type EventAttributes } from 'ics';
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

export type IcsEvent = Pick<IcsLesson, 'id' | 'startsAt' | 'endsAt' | 'sequence' | 'title' | 'description' | 'url'>;

/**
 * One calendar file of several lessons (a group's series: one .ics for every date; or one group
 * lesson moved or cancelled), each with its lesson's UID and SEQUENCE, so a later file for one of
 * them updates that event.
 */
export function lessonsIcs(list: IcsEvent[], opts: Pick<IcsLesson, 'organizer' | 'attendee' | 'method'>): string {
  const events: EventAttributes[] = list.map((l) => ({
    uid: lessonUid(l.id),
    sequence: l.sequence,
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
    status: opts.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: opts.organizer,
    attendees: opts.attendee ? [{ ...opts.attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }] : [],
  }));
  const { error, value } = createEvents(events, { method: opts.method, productId: 'tilmen.kz/booking' });
  if (error || !value) throw error ?? new Error('ics: no value');
  return value;
}
