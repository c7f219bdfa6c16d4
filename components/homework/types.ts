'use client';

import type { AssignedUnitView } from '@/lib/library/homework';
import type { HomeworkItem } from '@/lib/validations/homework';
import { schoolLongDate } from '@/lib/time/school-clock';

// The homework calls' answers are typed once, by the server (lib/library/homework.ts: HomeworkItemView,
// TutorAnswer, HomeworkStudentView, CabinetHomeworkView; docs/library.md "Homework"): imported as types only.

/** A report's unit of homework as the form sends it and the report shows it again (the titles once the server has read them). */
export type AssignedUnit = HomeworkItem & Partial<Pick<AssignedUnitView, 'courseTitle' | 'title'>>;

export const loadApi = () => import('@/lib/browser/api/client').then((m) => m.api);

/** A school day (YYYY-MM-DD) written as the school writes dates (lib/time/school-clock.ts schoolLongDate). */
export const dayText = (ymd: string, locale: string): string => schoolLongDate(`${ymd}T12:00:00Z`, locale);
