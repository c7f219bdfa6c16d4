import type { CheckResult, PublicStep } from '@/lib/library/check';

/**
 * The exercise components' contract (docs/library.md "Self-study and the trainer"): a step as a
 * student receives it (`publicStep`, never its key) and, once answered, the server's verdict with
 * the key it returned. Self-study, homework and the authors' and tutors' preview all render through these.
 */
export type { CheckResult, PublicStep };
export type StepOfKind<K extends PublicStep['kind']> = Extract<PublicStep, { kind: K }>;
export type Localized = { ru: string; kk: string; en: string };

/** What every exercise of a kind receives from its host. */
export interface ExerciseProps<K extends PublicStep['kind']> {
  step: StepOfKind<K>;
  /** The server's verdict on the last answer (null: not answered yet, or trying again). */
  verdict: CheckResult | null;
  /** Preview (authors, tutors): shown, nothing can be answered. */
  readOnly: boolean;
  /** With a verdict: show its key as the key (an author's preview), not as a student's right or wrong. */
  showKey?: boolean;
  /** The answer is on its way to the server. */
  pending: boolean;
  /** A tutor checks the written and spoken answers (homework); false: self-study, they are kept, checked by no one. */
  tutorChecks?: boolean;
  /** Sends the answer (the host calls the server and then passes the verdict back). */
  onAnswer: (answer: unknown) => void;
  /** The URL of a media-store file (listening, a word's audio); undefined when the host has none yet. */
  audioSrc?: (name: string) => string | undefined;
  /** Stores a spoken answer's recording and answers its media name (speaking). */
  uploadRecording?: (recording: Blob) => Promise<string>;
}

/** The text of the student's language. */
export const pick = (text: Localized, locale: string) => text[locale as keyof Localized] ?? text.ru;

/** Where the media store serves a library picture (GET /api/media/images/{name}). */
export const pictureSrc = (name: string) => `/api/media/images/${encodeURIComponent(name)}`;
