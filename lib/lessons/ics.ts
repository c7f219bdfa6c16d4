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

/** One lesson's event: its UID and SEQUENCE (a later file for it updates the event), times in UTC. */
function eventOf(l: IcsEvent, opts: Pick<IcsLesson, 'organizer' | 'attendee' | 'method'>): EventAttributes {
  return {
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
  };
}

/** The lesson's .ics (RFC 5545 with METHOD for iTIP), times in UTC. */
export function lessonIcs(l: IcsLesson): string {
  const { error, value } = createEvent({ ...eventOf(l, l), method: l.method });
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
  const { error, value } = createEvents(
    list.map((l) => eventOf(l, opts)),
    { method: opts.method, productId: 'tilmen.kz/booking' },
  );
  if (error || !value) throw error ?? new Error('ics: no value');
  return value;
}
