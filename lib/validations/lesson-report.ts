import { z } from 'zod';
import { homeworkAssignSchema } from './homework';
import { noControlChars } from './query';

// The tutor's report after a lesson (issue 23) and the progress scale: the one home of the levels
// and the skills (the form, the server, the cabinet's chart and the messages' keys
// Cabinet.progress.skills.* all read them from here). Pure: client and server share it.

/** The level the student works at: the CEFR bands, in order (the chart's vertical scale). */
export const REPORT_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

/** The skills marked 1-5 in each report, in the order they are shown. */
export const REPORT_SKILLS = ['speaking', 'listening', 'reading', 'writing', 'grammar'] as const;
export type ReportSkill = (typeof REPORT_SKILLS)[number];
export type SkillMarks = Record<ReportSkill, number>;

export const REPORT_MARK_MIN = 1;
export const REPORT_MARK_MAX = 5;

export const REPORT_LIMITS = { covered: 4000, homework: 4000 } as const;

const mark = z.number({ error: 'invalid_value' }).int('invalid_value').min(REPORT_MARK_MIN, 'invalid_value').max(REPORT_MARK_MAX, 'invalid_value');
const text = (max: number) => z.string({ error: 'invalid_value' }).trim().max(max, 'too_long').refine(noControlChars, 'control_chars');

/** POST /api/lessons/{id}/report: the whole report (a later POST replaces it while it may be edited). */
export const lessonReportSchema = z
  .object({
    covered: text(REPORT_LIMITS.covered).pipe(z.string().min(1, 'required')),
    homework: text(REPORT_LIMITS.homework).default(''),
    assign: homeworkAssignSchema,
    level: z.enum(REPORT_LEVELS, { error: 'invalid_value' }),
    marks: z.object(Object.fromEntries(REPORT_SKILLS.map((s) => [s, mark])) as Record<ReportSkill, typeof mark>, { error: 'invalid_value' }).strict(),
  })
  .strict();
/** The report as filed; `assign` may be left out (no homework from the library). */
export type LessonReportInput = Omit<z.infer<typeof lessonReportSchema>, 'assign'> & { assign?: z.infer<typeof lessonReportSchema>['assign'] };

/** A group's lesson has at most this many students to mark (lib/validations/group-rules.ts GROUP_MAX_SEATS). */
export const GROUP_REPORT_MAX_STUDENTS = 6;
const studentMarks = z
  .object({
    studentId: z.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value'),
    level: z.enum(REPORT_LEVELS, { error: 'invalid_value' }),
    marks: z.object(Object.fromEntries(REPORT_SKILLS.map((s) => [s, mark])) as Record<ReportSkill, typeof mark>, { error: 'invalid_value' }).strict(),
  })
  .strict();

/**
 * POST /api/lessons/{id}/report on a group's lesson: one report for the group (what was covered, the
 * homework) with each marked student's level and marks (a later POST replaces it while it may be edited).
 */
export const groupReportSchema = z
  .object({
    covered: text(REPORT_LIMITS.covered).pipe(z.string().min(1, 'required')),
    homework: text(REPORT_LIMITS.homework).default(''),
    assign: homeworkAssignSchema,
    students: z
      .array(studentMarks, { error: 'invalid_value' })
      .min(1, 'required')
      .max(GROUP_REPORT_MAX_STUDENTS, 'invalid_value')
      .refine((list) => new Set(list.map((s) => s.studentId)).size === list.length, 'invalid_value'),
  })
  .strict();
export type GroupReportInput = Omit<z.infer<typeof groupReportSchema>, 'assign'> & { assign?: z.infer<typeof groupReportSchema>['assign'] };
