// ── The lesson room (issue 23; lib/lesson-room): its event log, attendance, the words a tutor added,
// the tutor's report after the lesson and the tutor's corrections of the attendance.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SkillMarks } from '../../validations/lesson-report';
import { createdAt } from './columns';
import { users } from './accounts';
import { libraryUnits } from './library';
import { lessons } from './marketplace';

export const ROOM_EVENT_KINDS = ['signal', 'chat', 'notes', 'vocab', 'board', 'presence'] as const;
export type RoomEventKind = (typeof ROOM_EVENT_KINDS)[number];
export type RoomSide = 'student' | 'tutor';

/** One row per lesson whose room was used: the last sequence number given to its events (the row lock orders writers). */
export const lessonRooms = pgTable('lesson_rooms', {
  lessonId: integer('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  lastSeq: integer('last_seq').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The room's log: signalling, chat, notes, vocabulary, board and presence, in the order the server
 * took them (`seq`, per lesson, without gaps). `toSide` null: both sides; else only that side (signals).
 * The room's state (chat, notes, words, board) is this log, so a reload resumes from it.
 */
export const lessonRoomEvents = pgTable(
  'lesson_room_events',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    side: text('side').$type<RoomSide | 'server'>().notNull(),
    toSide: text('to_side').$type<RoomSide>(),
    kind: text('kind').$type<RoomEventKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.seq] }),
    check('lesson_room_events_kind_ck', sql`${t.kind} in ('signal', 'chat', 'notes', 'vocab', 'board', 'presence')`),
    check('lesson_room_events_side_ck', sql`${t.side} in ('student', 'tutor', 'server') and (${t.toSide} is null or ${t.toSide} in ('student', 'tutor'))`),
    // The last line of the size caps (lib/validations/lesson-room.ts checks each kind's first).
    check('lesson_room_events_size_ck', sql`octet_length(${t.payload}::text) <= 262144`),
  ],
);

/** Joins, leaves and heartbeats of each side's connections to the room, as the server saw them. */
export const lessonAttendance = pgTable(
  'lesson_attendance',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    side: text('side').$type<RoomSide>().notNull(),
    /** One open event stream (a tab, a device). */
    connection: text('connection').notNull(),
    kind: text('kind').$type<'join' | 'leave' | 'heartbeat'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who the connection is (a group lesson has several students); null in rows written before groups. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('lesson_attendance_lesson_idx').on(t.lessonId, t.at),
    check('lesson_attendance_kind_ck', sql`${t.kind} in ('join', 'leave', 'heartbeat') and ${t.side} in ('student', 'tutor')`),
  ],
);

/** Words and phrases the tutor added during a lesson: the student's dictionary. */
export const lessonWords = pgTable(
  'lesson_words',
  {
    id: serial('id').primaryKey(),
    /** The lesson the tutor added it in; null for a library unit's word (`unit_id`). */
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    /** The library unit whose words step it came from (lib/library/unit-words.ts); null for a lesson's word. */
    unitId: integer('unit_id').references(() => libraryUnits.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    translation: text('translation').notNull(),
    /** The language of the translation (the tutor picks it); null for words added before it was asked. */
    lang: text('lang').$type<'ru' | 'kk' | 'en'>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('lesson_words_student_idx').on(t.studentId, t.createdAt),
    check('lesson_words_lang_ck', sql`${t.lang} is null or ${t.lang} in ('ru', 'kk', 'en')`),
    check('lesson_words_source_ck', sql`(${t.lessonId} is null) <> (${t.unitId} is null)`),
    uniqueIndex('lesson_words_unit_word_uq').on(t.studentId, t.unitId, t.word).where(sql`${t.unitId} is not null`),
  ],
);

/**
 * The tutor's report after a lesson (lib/lesson-room/report.ts): what was covered, the homework, the
 * level the student works at and a 1-5 mark per skill (the levels and skills: lib/validations/lesson-report.ts).
 * One per lesson, and a group lesson one per marked student (the same covered and homework); the
 * tutor may edit it for REPORT_EDIT_HOURS after filing it.
 */
export const lessonReports = pgTable(
  'lesson_reports',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Copied from the lesson (a group lesson: one row per marked student): the student's progress is read by this column. */
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    covered: text('covered').notNull(),
    homework: text('homework').notNull().default(''),
    level: text('level').notNull(),
    marks: jsonb('marks').$type<SkillMarks>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.studentId] }), index('lesson_reports_student_idx').on(t.studentId, t.createdAt)],
);

/**
 * The tutor's manual mark of a lesson: a correction of the outcome the room's log gave (which stays
 * in lessons.fact_status), always with a reason; shown to staff with who and when.
 */
export const lessonAttendanceCorrections = pgTable(
  'lesson_attendance_corrections',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    status: text('status').$type<'held' | 'not_held'>().notNull(),
    noShow: text('no_show').$type<'student' | 'tutor' | 'both'>(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('lesson_attendance_corrections_lesson_idx').on(t.lessonId, t.createdAt),
    check('lesson_attendance_corrections_reason_ck', sql`length(btrim(${t.reason})) > 0`),
  ],
);

/**
 * A group lesson's facts per student, from the room's log when the lesson is settled
 * (lib/lessons/group-money.ts): present (together with the tutor for LESSON_HELD_MINUTES or more, the
 * room's rule for a lesson), the minutes together. One row per seated student of the lesson, present or not:
 * a student who missed the lesson has spent it. HR reads an employee's rows, never the room's content.
 */
export const lessonStudentFacts = pgTable(
  'lesson_student_facts',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    present: boolean('present').notNull(),
    minutes: integer('minutes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.studentId] }), index('lesson_student_facts_student_idx').on(t.studentId, t.lessonId)],
);

/**
 * A group lesson's room on a Janus server (lib/lesson-room/sfu.ts): placed on first use and kept with
 * the lesson, so every later call goes to the same server. The pin goes to the lesson's admitted
 * participants; the secret (which edits, kicks, mutes and destroys the room) never leaves our server.
 */
export const lessonSfuRooms = pgTable('lesson_sfu_rooms', {
  lessonId: integer('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  serverId: text('server_id').notNull(),
  room: bigint('room', { mode: 'number' }).notNull(),
  pin: text('pin').notNull(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * Each Janus access issued to a participant of a group lesson: whose token it is (the room's allowed
 * list admits it) and the feed id range the participant publishes under, so the tutor's moderation
 * (mute, remove) finds a person's tokens and feeds.
 */
export const lessonSfuAdmissions = pgTable(
  'lesson_sfu_admissions',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    feedId: bigint('feed_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_sfu_admissions_lesson_idx').on(t.lessonId, t.userId)],
);

/**
 * A participant the tutor removed from a group lesson, with the reason: refused by the room (its
 * page, stream and Janus access) for the rest of that lesson.
 */
export const lessonRoomRemovals = pgTable(
  'lesson_room_removals',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] }), check('lesson_room_removals_reason_ck', sql`length(btrim(${t.reason})) > 0`)],
);
