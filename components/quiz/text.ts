import type { Skill } from '@/lib/quiz/types';

/** Message templates handed to the client islands as props ({name} placeholders filled there). */
export interface RunnerText {
  loading: string;
  progress: string;
  answered: string;
  previous: string;
  next: string;
  finish: string;
  navigator: string;
  navItem: string;
  navItemAnswered: string;
  passage: string;
  saveFailed: string;
  loadFailed: string;
  retry: string;
  notFound: string;
  confirmTitle: string;
  confirmEarly: string;
  confirmAll: string;
  /** Kazakh test, fewer than {min} answered: no level will be determined. */
  confirmFewKazakh: string;
  confirmFinish: string;
  confirmBack: string;
  finishing: string;
}

export interface ResultText {
  title: string;
  level: string;
  correct: string;
  wrong: string;
  unanswered: string;
  perSkill: string;
  skillScore: string;
  earlyNote: string;
  belowA1: string;
  /** Kazakh test: the level when too few items were answered. */
  notDetermined: string;
  /** "… {answered} of {total} … at least {min} …" */
  fewAnswers: string;
  /** Kazakh bands (A0 = below A1): one sentence on what the level means. */
  kazakhBands: Record<'A0' | 'A1' | 'A2' | 'B1' | 'B2' | 'C1', string>;
  trialTitle: string;
  trialText: string;
  /** Groups of the level: "{level}" in the title; each line "{date}, {time}, {seats}, {price}". */
  groupsTitle: string;
  groupsText: string;
  groupsLine: string;
  groupsAll: string;
  restart: string;
  certificateTitle: string;
  certificateNumber: string;
  certificateDate: string;
  download: string;
  downloading: string;
  downloadFailed: string;
  verifyLink: string;
}

export interface TestText {
  runner: RunnerText;
  result: ResultText;
  skills: Record<Skill, string>;
  loadingForm: string;
  /** Kazakh test: "{name}, IIN ••••••••{last4}". */
  taker: string;
}

/** "Question {current} of {total}" + {current: 3, total: 30}. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}
