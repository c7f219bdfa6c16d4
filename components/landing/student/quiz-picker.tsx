'use client';

import { useId, useRef, useState } from 'react';
import { QuizDialog, Summary, type QuizQuestion, type QuizText } from './quiz-dialog';
import { landingPrimaryClass as buttonPrimary, landingSecondaryClass as buttonSecondary } from '@/components/ui/button-classes-landing';

export type { QuizQuestion };

/** One question at a time; the last answer opens a modal <dialog> with the trial-lesson form. */
export function QuizPicker({ questions, text, page }: { questions: QuizQuestion[]; text: QuizText; page: string }) {
  const id = useId();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const group = useRef<HTMLFieldSetElement>(null);
  const reopen = useRef<HTMLButtonElement>(null);
  const question = questions[step]!;
  const chosen = answers[question.id];
  const last = step === questions.length - 1;

  const go = (next: number) => {
    setStep(next);
    // Move focus to the new question so screen readers announce it.
    requestAnimationFrame(() => group.current?.focus());
  };
  const restart = () => {
    setAnswers({});
    setDone(false);
    go(0);
  };
  const labelOf = (q: QuizQuestion) => q.options.find((o) => o.value === answers[q.id])?.label;

  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8">
      {done ? (
        <div>
          <h3 className="text-lg font-semibold">{text.summary}</h3>
          <Summary questions={questions} labelOf={labelOf} />
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button ref={reopen} type="button" className={buttonPrimary} onClick={() => dialog.current?.showModal()}>
              {text.reopen}
            </button>
            <button type="button" className={buttonSecondary} onClick={restart}>
              {text.restart}
            </button>
          </div>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!chosen) return;
            if (!last) return go(step + 1);
            setDone(true);
            dialog.current?.showModal();
          }}
        >
          <p className="text-sm font-medium text-muted">{text.progress[step]}</p>
          <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-line">
            <div className="h-full rounded-full bg-brand-dark transition-[width] duration-300" style={{ width: `${((step + 1) / questions.length) * 100}%` }} />
          </div>
          <fieldset key={question.id} ref={group} tabIndex={-1} className="mt-6 min-h-[21rem] focus:outline-none">
            <legend className="text-xl font-semibold">{question.legend}</legend>
            <div className="mt-4 grid gap-3">
              {question.options.map((option) => (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-3 transition-colors duration-150 hover:border-brand has-[:checked]:border-brand-dark has-[:checked]:bg-brand-tint"
                >
                  <input
                    type="radio"
                    name={`${id}-${question.id}`}
                    value={option.value}
                    checked={chosen === option.value}
                    onChange={() => setAnswers((a) => ({ ...a, [question.id]: option.value }))}
                    className="size-5 shrink-0 accent-brand-dark"
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-6 flex items-center justify-between gap-3">
            {step > 0 ? (
              <button type="button" className={buttonSecondary} onClick={() => go(step - 1)}>
                {text.back}
              </button>
            ) : (
              <span />
            )}
            <button type="submit" disabled={!chosen} className={`${buttonPrimary} disabled:cursor-not-allowed disabled:opacity-50`}>
              {last ? text.finish : text.next}
            </button>
          </div>
        </form>
      )}

      <QuizDialog
        ref={dialog}
        questions={questions}
        labelOf={labelOf}
        answers={answers}
        page={page}
        text={text}
        onClose={() => reopen.current?.focus()}
      />
    </div>
  );
}
