'use client';

import { ChoiceStep } from './choice-step';
import { GapStep } from './gap-step';
import { GrammarStep } from './grammar-step';
import { MatchingStep } from './matching-step';
import { OrderStep } from './order-step';
import { SpeakingStep } from './speaking-step';
import { TextStep } from './text-step';
import type { CheckResult, PublicStep } from './types';
import { WordsStep } from './words-step';
import { WritingStep } from './writing-step';

export interface StepViewProps {
  step: PublicStep;
  verdict?: CheckResult | null;
  /** Preview for authors and tutors: nothing can be answered. */
  readOnly?: boolean;
  /**
   * An author's preview: with `verdict={checkAnswer(step, null)}` (the key, no answer), the key is
   * shown as the key, not as a student's wrong answer.
   */
  showKey?: boolean;
  pending?: boolean;
  /** A tutor checks the written and spoken answers (homework, the default); false for self-study. */
  tutorChecks?: boolean;
  onAnswer?: (answer: unknown) => void;
  audioSrc?: (name: string) => string | undefined;
  uploadRecording?: (recording: Blob) => Promise<string>;
}

const noAnswer = () => {};

/**
 * One step of a unit, whatever its kind: the one set of exercise components self-study, homework and
 * the previews share (the lesson room's board draws its own, components/lesson-room/board-library-draw.ts). It renders `publicStep(step)` and, once answered, the server's verdict and key.
 * Give each step its own `key` (the step's id): a new step starts with an empty answer.
 */
export function StepView({ step, verdict = null, readOnly = false, showKey = false, pending = false, tutorChecks = true, onAnswer = noAnswer, audioSrc, uploadRecording }: StepViewProps) {
  const common = { verdict, readOnly: readOnly || onAnswer === noAnswer, showKey, pending, tutorChecks, onAnswer, audioSrc, uploadRecording };
  switch (step.kind) {
    case 'text':
      return <TextStep step={step} />;
    case 'words':
      return <WordsStep step={step} audioSrc={audioSrc} />;
    case 'grammar':
      return <GrammarStep step={step} />;
    case 'choice':
      return <ChoiceStep step={step} {...common} />;
    case 'listening':
      return <ChoiceStep step={step} {...common} />;
    case 'gap':
      return <GapStep step={step} {...common} />;
    case 'matching':
      return <MatchingStep step={step} {...common} />;
    case 'order':
      return <OrderStep step={step} {...common} />;
    case 'writing':
      return <WritingStep step={step} {...common} />;
    case 'speaking':
      return <SpeakingStep step={step} {...common} />;
  }
}

/** Steps that take an answer (the rest are read). */
export const isAnswerable = (step: PublicStep) => !['text', 'words', 'grammar'].includes(step.kind);
