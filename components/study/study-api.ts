'use client';

import { apiErrorBody } from '@/lib/browser/api/error-body';
import type { CheckResult, Localized, PublicStep } from '@/components/library/types';

// The self-study pages' calls (app/api/cabinet/study, app/api/cabinet/trainer) and their answers.

export interface UnitProgress {
  versionId: number;
  version: number;
  upgradeAvailable: boolean;
  done: string[];
  total: number;
  completedAt: string | null;
}
export interface StudyUnit {
  course: { slug: string; title: Localized; subject: string };
  unit: { key: string; title: Localized };
  steps: PublicStep[];
  progress: UnitProgress;
  answered: Record<string, CheckResult>;
  /** A tutor's check of a written or spoken answer (homework): the verdict and the comment. */
  checks?: Record<string, { correct: boolean; comment: string; at: string }>;
  /** Set as homework by a tutor, who checks its written and spoken answers; otherwise nobody checks them. */
  homework?: boolean;
}
export interface CourseCard {
  slug: string;
  subject: 'english' | 'kazakh';
  level: string;
  title: Localized;
  description: Localized;
  units: number;
  unitsStarted: number;
  unitsCompleted: number;
  atLevel: boolean;
}
export interface UnitRow {
  key: string;
  title: Localized;
  done: number;
  total: number;
  completed: boolean;
  upgradeAvailable: boolean;
}
export interface Streak {
  days: number;
  today: boolean;
}
export interface Today {
  /** Homework still open: how many units, and the one due first. */
  homework?: { open: number; first: { course: string; unit: string; title: Localized; due: string; overdue: boolean } | null };
  next: { course: { slug: string; title: Localized }; unit: UnitRow } | null;
  dueWords: number;
  streak: Streak;
}
export interface TrainerWord {
  id: number;
  word: string;
  translation: string;
  lang: 'ru' | 'kk' | 'en' | null;
  isNew: boolean;
}

export const loadApi = () => import('@/lib/browser/api/client').then((m) => m.api);

/** The server's message in the page's language, or the page's own words when no answer came. */
export const messageOf = (err: unknown, fallback: string) => apiErrorBody(err)?.message ?? fallback;

export const unitApi = (slug: string, key: string) => `/api/cabinet/study/courses/${encodeURIComponent(slug)}/units/${encodeURIComponent(key)}`;
