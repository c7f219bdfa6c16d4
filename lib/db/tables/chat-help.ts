// ── Tutor chat help (issue 34, lib/chat-help, docs/chat-help.md): hours bought through the checkout
// (payment_orders with product `chat_help`), tutors on duty by subject and weekly hours, the
// students' questions and each question's messages. The time a reply costs is stored on the reply
// (`blocks`), computed by the server from its own record, never from the tutor's word.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import type { WeeklyRules } from './marketplace';

export const CHAT_HELP_SUBJECTS = ['english', 'kazakh'] as const;
export type ChatHelpSubject = (typeof CHAT_HELP_SUBJECTS)[number];
export type ChatQuestionStatus = 'open' | 'taken' | 'closed';
/** Who closed a question: the student, the tutor, the student's refund, or nobody wrote for a day. */
export type ChatQuestionClosedBy = 'student' | 'tutor' | 'refund' | 'idle';

/** A tutor's chat duty: the subjects they answer and their weekly hours in the school's time. */
export const chatHelpDuty = pgTable('chat_help_duty', {
  tutorId: integer('tutor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subjects: jsonb('subjects').$type<ChatHelpSubject[]>().notNull(),
  weekly: jsonb('weekly').$type<WeeklyRules>().notNull(),
  /** Off: the tutor takes no questions (their hours are kept). */
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A student's question: open until a tutor on duty takes it, then the two write until it is closed. */
export const chatHelpQuestions = pgTable(
  'chat_help_questions',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').$type<ChatHelpSubject>().notNull(),
    status: text('status').$type<ChatQuestionStatus>().notNull().default('open'),
    tutorId: integer('tutor_id').references(() => users.id),
    /** Asked while a tutor was on duty for its subject: the first-answer promise applies. */
    onDuty: boolean('on_duty').notNull(),
    createdAt: createdAt(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    firstAnswerAt: timestamp('first_answer_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by').$type<ChatQuestionClosedBy>(),
  },
  (t) => [
    check('chat_help_questions_subject_ck', sql`${t.subject} in ('english', 'kazakh')`),
    check('chat_help_questions_status_ck', sql`${t.status} in ('open', 'taken', 'closed')`),
    // Open: nobody took it yet; taken: its tutor is named; closed: either.
    check('chat_help_questions_taken_ck', sql`(${t.status} <> 'open' or ${t.tutorId} is null) and (${t.status} <> 'taken' or ${t.tutorId} is not null)`),
    index('chat_help_questions_student_idx').on(t.studentId, t.createdAt),
    index('chat_help_questions_queue_idx').on(t.subject, t.createdAt).where(sql`status = 'open'`),
    index('chat_help_questions_tutor_idx').on(t.tutorId, t.lastMessageAt),
  ],
);

/** A message of a question: text and/or a photo (media `chat/<id>.webp`); a tutor's reply carries the blocks it cost. */
export const chatHelpMessages = pgTable(
  'chat_help_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => chatHelpQuestions.id),
    side: text('side').$type<'student' | 'tutor'>().notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull().default(''),
    photo: text('photo'),
    /** A tutor's reply: the 6-minute blocks it cost the student (lib/chat-help/rules.ts). */
    blocks: smallint('blocks').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('chat_help_messages_side_ck', sql`${t.side} in ('student', 'tutor')`),
    check('chat_help_messages_content_ck', sql`length(${t.body}) > 0 or ${t.photo} is not null`),
    check('chat_help_messages_blocks_ck', sql`${t.blocks} >= 0 and (${t.side} = 'tutor' or ${t.blocks} = 0)`),
    index('chat_help_messages_question_idx').on(t.questionId, t.id),
  ],
);
