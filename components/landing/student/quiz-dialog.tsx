'use client';

import Image from '@/components/ui/image';
import { useId, type RefObject } from 'react';
import { LazyLeadForm } from '@/components/forms/lazy-lead-form';

export interface QuizQuestion {
  id: string;
  legend: string;
  options: { value: string; label: string }[];
}

export interface QuizText {
  progress: string[];
  next: string;
  back: string;
  finish: string;
  reopen: string;
  restart: string;
  dialogTitle: string;
  dialogText: string;
  summary: string;
  close: string;
  loading: string;
}

type LabelOf = (q: QuizQuestion) => string | undefined;

/** The quiz-finish offer: a modal <dialog> (focus kept inside and Escape handled by the browser). */
export function QuizDialog({
  ref,
  questions,
  labelOf,
  answers,
  page,
  text,
  onClose,
}: {
  ref: RefObject<HTMLDialogElement | null>;
  questions: QuizQuestion[];
  labelOf: LabelOf;
  answers: Record<string, string>;
  page: string;
  text: QuizText;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself: the content fills it.
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-ink shadow-xl backdrop:bg-ink/60"
    >
      <div className="relative p-6 md:p-8">
        <button
          type="button"
          aria-label={text.close}
          onClick={() => ref.current?.close()}
          className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full text-ink transition-colors duration-150 hover:bg-brand-tint"
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </button>
        <Image src="/images/illustrations/quiz-finish.svg" alt="" width={160} height={120} unoptimized className="mx-auto" />
        <h2 id={`${id}-title`} className="mt-2 text-center text-2xl font-bold">
          {text.dialogTitle}
        </h2>
        <p id={`${id}-text`} className="mt-3 text-center text-muted">
          {text.dialogText}
        </p>
        <Summary questions={questions} labelOf={labelOf} />
        <div className="mt-6">
          <LazyLeadForm kind="quiz" page={page} answers={answers} loadingLabel={text.loading} />
        </div>
      </div>
    </dialog>
  );
}

export function Summary({ questions, labelOf }: { questions: QuizQuestion[]; labelOf: LabelOf }) {
  return (
    <dl className="mt-4 grid gap-2 rounded-xl bg-brand-tint/60 p-4 text-sm">
      {questions.map((q) => (
        <div key={q.id}>
          <dt className="text-muted">{q.legend}</dt>
          <dd className="font-medium">{labelOf(q) ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
