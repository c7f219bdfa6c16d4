'use client';

import type { Localized } from '@/components/library/types';
import { schoolLongDate } from '@/lib/time/school-clock';

// The homework calls' answers (lib/library/homework.ts; docs/library.md "Homework").

export type HomeworkStatus = 'todo' | 'started' | 'done' | 'overdue';

export interface WrittenAnswer {
  answerId: number;
  stepId: string;
  kind: 'writing' | 'speaking';
  task: string;
  /** The text written, or the recording's media name. */
  answer: string;
  at: string;
  check: { correct: boolean; comment: string; at: string } | null;
}

export interface HomeworkItem {
  id: number;
  lessonId: number;
  due: string;
  assignedAt: string;
  course: string;
  courseTitle: Localized;
  unit: string;
  title: Localized;
  done: number;
  total: number;
  right: number;
  wrong: number;
  waiting: number;
  status: HomeworkStatus;
  written: WrittenAnswer[];
  /** The student's view: who assigned it. */
  tutor?: string;
}

export interface StudentOfTutor {
  studentId: number;
  name: string;
  items: HomeworkItem[];
}

export type CabinetHomework = { role: 'student'; items: HomeworkItem[] } | { role: 'tutor'; students: StudentOfTutor[] };

/** A report's unit of homework as the form sends it and the report shows it again. */
export interface AssignedUnit {
  course: string;
  courseTitle?: Localized;
  unit: string;
  title?: Localized;
  due: string;
}

export const loadApi = () => import('@/lib/browser/api/client').then((m) => m.api);

/** A school day (YYYY-MM-DD) written as the school writes dates (lib/time/school-clock.ts schoolLongDate). */
export const dayText = (ymd: string, locale: string): string => schoolLongDate(`${ymd}T12:00:00Z`, locale);
