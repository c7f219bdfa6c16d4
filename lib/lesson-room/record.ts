import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { lessonAttendance, lessonRoomEvents, lessonWords, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { roomSide } from './access';
import { env } from '@/lib/env';
import { groupAttendanceFrom, lessonAttendanceOf } from '@/lib/lessons/attendance';
import { lessonStudentIds } from '@/lib/lessons/group-money';
import { groupReportOf, groupReportView, reportable, reportOf, reportView } from './report';
import { lessonHomeworkItems } from '@/lib/library/homework';
import { shortName } from '@/lib/mask';

/** A board element as stored: Excalidraw's element with its id and version. */
interface StoredElement {
  id: string;
  version: number;
  isDeleted?: boolean;
  [key: string]: unknown;
}
/** An image placed on the board (Excalidraw's BinaryFileData, a data: URL). */
export interface StoredFile {
  id: string;
  mimeType: string;
  dataURL: string;
  created: number;
}

/** The board as it stood at the end: the newest version of every element not deleted, and the images they show. */
export function boardScene(payloads: Record<string, unknown>[]): { elements: StoredElement[]; files: StoredFile[] } {
  const byId = new Map<string, StoredElement>();
  const files = new Map<string, StoredFile>();
  for (const p of payloads) {
    for (const e of (p.elements as StoredElement[] | undefined) ?? []) {
      const seen = byId.get(e.id);
      if (!seen || e.version > seen.version) byId.set(e.id, e);
    }
    for (const f of (p.files as StoredFile[] | undefined) ?? []) files.set(f.id, f);
  }
  const elements = [...byId.values()].filter((e) => !e.isDeleted);
  const used = new Set(elements.map((e) => e.fileId).filter((id): id is string => typeof id === 'string'));
  return { elements, files: [...files.values()].filter((f) => used.has(f.id)) };
}

/**
 * A lesson's record, for its tutor and its student only (anyone else 403 `room_forbidden`), once the
 * lesson has started (409 `lesson_state` before; a cancelled lesson has none: 409 `lesson_cancelled`):
 * the chat with each line's time and side, the last notes, the words, the board as it stood at the
 * end, the tutor's report and the minutes both were present. The read-only page
 * /lesson/{id}/record shows it from both cabinets.
 */
export async function lessonRecord(db: Db, user: { id: number }, lessonId: number, now = new Date()) {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (lesson.status === 'cancelled') throw new ApiError(409, 'lesson_cancelled');
  if (lesson.startsAt > now) throw new ApiError(409, 'lesson_state');
  const events = await db
    .select({ side: lessonRoomEvents.side, kind: lessonRoomEvents.kind, payload: lessonRoomEvents.payload, at: lessonRoomEvents.createdAt })
    .from(lessonRoomEvents)
    .where(and(eq(lessonRoomEvents.lessonId, lessonId), inArray(lessonRoomEvents.kind, ['chat', 'notes', 'board', 'vocab'])))
    .orderBy(asc(lessonRoomEvents.seq));
  // The words: the tutor's are those they added (once each, however many students got them); a
  // student's, those that went to their own dictionary (a group lesson's: while they were in the room).
  const words =
    side === 'tutor'
      ? events.filter((e) => e.kind === 'vocab').map((e) => ({ word: String(e.payload.word), translation: String(e.payload.translation), lang: (e.payload.lang ?? null) as 'ru' | 'kk' | 'en' | null, at: e.at }))
      : await db
          .select({ word: lessonWords.word, translation: lessonWords.translation, lang: lessonWords.lang, at: lessonWords.createdAt })
          .from(lessonWords)
          .where(and(eq(lessonWords.lessonId, lessonId), eq(lessonWords.studentId, user.id)))
          .orderBy(asc(lessonWords.id));
  const otherId = side === 'tutor' ? lesson.studentId : lesson.tutorId;
  const [other] = otherId ? await db.select({ name: users.name, lastname: users.lastname }).from(users).where(eq(users.id, otherId)).limit(1) : [];
  const notes = events.filter((e) => e.kind === 'notes').at(-1);
  // A group lesson's report: the tutor reads the group's (every marked student), a student their own row of it.
  const group = lesson.kind === 'group';
  const report = group && side === 'tutor' ? null : await reportOf(db, lessonId, group ? user.id : undefined);
  const groupRows = group && side === 'tutor' ? await groupReportOf(db, lessonId) : [];
  const assign = report || groupRows.length ? await lessonHomeworkItems(db, lessonId) : [];
  const groupReport = groupRows.length ? { ...groupReportView(groupRows, now), assign } : null;
  const attendance = await lessonAttendanceOf(db, lessonId, now);
  // A group lesson: each seated student's attendance from the room's log (the tutor's view: joined,
  // present with the tutor LESSON_HELD_MINUTES or more, the minutes together); a student sees their own.
  let students: { id: number; name: string; joined: boolean; present: boolean; minutes: number }[] | undefined;
  if (lesson.kind === 'group') {
    const ids = await lessonStudentIds(db, lesson);
    const rows = await db.select().from(lessonAttendance).where(eq(lessonAttendance.lessonId, lessonId)).orderBy(asc(lessonAttendance.at));
    const { facts } = groupAttendanceFrom(rows, ids, now, env().LESSON_HELD_MINUTES);
    const names = ids.length ? await db.select({ id: users.id, name: users.name, lastname: users.lastname }).from(users).where(inArray(users.id, ids)) : [];
    students = facts
      .filter((f) => side === 'tutor' || f.studentId === user.id)
      .map((f) => {
        const n = names.find((x) => x.id === f.studentId);
        return { id: f.studentId, name: shortName(n?.name, n?.lastname), joined: rows.some((r) => r.userId === f.studentId && r.kind === 'join'), present: f.present, minutes: f.minutes };
      });
  }
  return {
    lesson: { id: lesson.id, subject: lesson.subject, status: lesson.status, startsAt: lesson.startsAt.toISOString(), endsAt: lesson.endsAt.toISOString() },
    side,
    // A group lesson's tutor: the students (first name, initial), as the room names them.
    other: { name: students && side === 'tutor' ? students.map((s) => s.name).join(', ') : [other?.name, other?.lastname].filter(Boolean).join(' ') },
    chat: events.filter((e) => e.kind === 'chat').map((e) => ({ side: e.side, text: String(e.payload.text ?? ''), at: e.at.toISOString() })),
    notes: notes ? { text: String(notes.payload.text ?? ''), at: notes.at.toISOString() } : null,
    words: words.map((w) => ({ word: w.word, translation: w.translation, lang: w.lang, at: w.at.toISOString() })),
    board: boardScene(events.filter((e) => e.kind === 'board').map((e) => e.payload)),
    report: report ? { ...reportView(report, now), assign } : null,
    /** A group lesson, its tutor: the group's report (null: not filed yet). */
    ...(group && side === 'tutor' ? { groupReport } : {}),
    /** The tutor may file a report now (none yet), or edit the one filed. */
    canReport: side === 'tutor' && reportable(lesson, now) && (group ? !groupReport || groupReport.editable : !report || reportView(report, now).editable),
    togetherMinutes: attendance.togetherMinutes,
    ...(students ? { students } : {}),
  };
}
export type LessonRecord = Awaited<ReturnType<typeof lessonRecord>>;
