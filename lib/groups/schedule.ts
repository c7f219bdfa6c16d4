// A group's dated lessons from its schedule (docs/payments.md, "Group seats"): every `weekdays` day
// from `startDate` on, at `startMinute` in the school's time (lib/time, never a written offset),
// until `lessonsCount` lessons. Pure: the staff's form previews the dates with it too.
import { addDays, isoWeekday } from '@/lib/time/calendar';
import { schoolInstant } from '@/lib/time/school-zone';

export interface GroupSchedule {
  weekdays: number[];
  startMinute: number;
  durationMinutes: number;
  startDate: string;
  lessonsCount: number;
}

export interface LessonTime {
  startsAt: Date;
  endsAt: Date;
}

/** The lessons' times, in order. */
export function groupLessonTimes(s: GroupSchedule): LessonTime[] {
  const days = new Set(s.weekdays);
  if (days.size === 0 || s.lessonsCount <= 0) return [];
  const out: LessonTime[] = [];
  for (let day = s.startDate; out.length < s.lessonsCount; day = addDays(day, 1)) {
    if (!days.has(isoWeekday(day))) continue;
    const startsAt = schoolInstant(day, s.startMinute);
    out.push({ startsAt, endsAt: new Date(startsAt.getTime() + s.durationMinutes * 60_000) });
  }
  return out;
}
