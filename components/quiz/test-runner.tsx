'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { landingPrimaryClass as buttonPrimary, landingSecondaryClass as buttonSecondary } from '@/components/ui/button-classes-landing';
import { errorStatus, finishTest, saveAnswers, type AttemptView } from './api';
import { fill, type TestText } from './text';
import { minAnswers } from '@/lib/quiz/types';

type AnswerMap = Record<string, number | null>;

/**
 * One item at a time: instruction, passage, question, options as a radio group; previous, next,
 * a numbered map of all items, and finish with a confirmation. Every answer is saved on the
 * server at once (the whole map, so a failed save is repaired by the next one).
 */
export function TestRunner({
  token,
  test,
  text,
  onFinished,
}: {
  token: string;
  test: AttemptView;
  text: TestText;
  onFinished: (test: AttemptView) => void;
}) {
  const id = useId();
  const t = text.runner;
  const total = test.items.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(test.position, 0), total - 1));
  const [answers, setAnswers] = useState<AnswerMap>(() => ({ ...test.answers }));
  const [saveFailed, setSaveFailed] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const item = test.items[index]!;
  const answered = Object.values(answers).filter((v) => v !== null && v !== undefined).length;

  // Focus follows the item (after the first render), so a screen reader reads the new question.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [index]);

  // Saves go one after another: two in flight could arrive out of order and leave an older
  // position (or answer set) stored, and a reload would then resume a step back.
  const saving = useRef<Promise<void>>(Promise.resolve());
  const persist = (next: AnswerMap, position: number) => {
    saving.current = saving.current.then(() =>
      saveAnswers(token, next, position).then(
        () => setSaveFailed(false),
        () => setSaveFailed(true),
      ),
    );
  };

  const go = (next: number) => {
    moved.current = true;
    setIndex(next);
    persist(answers, next);
  };

  const choose = (choice: number) => {
    const next = { ...answers, [item.id]: choice };
    setAnswers(next);
    persist(next, index);
  };

  const finish = async () => {
    setFinishing(true);
    setFinishError(null);
    try {
      const done = await finishTest(token, answers);
      dialog.current?.close();
      onFinished(done);
    } catch (error) {
      setFinishError(errorStatus(error).message ?? t.loadFailed);
      setFinishing(false);
    }
  };

  // Kazakh: below two thirds answered, the level is not determined (no certificate); say so first.
  const confirmText =
    test.kind === 'kazakh' && answered < minAnswers(total)
      ? fill(t.confirmFewKazakh, { answered, total, min: minAnswers(total) })
      : answered < total
        ? fill(t.confirmEarly, { answered, total })
        : t.confirmAll;
  const last = index === total - 1;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_16rem] lg:items-start">
      <section aria-labelledby={`${id}-q`} className="rounded-2xl border border-line bg-white p-5 shadow-sm md:p-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <p className="font-medium text-muted">{fill(t.progress, { current: index + 1, total })}</p>
          <p className="text-muted" data-testid="test-answered">
            {fill(t.answered, { answered, total })}
          </p>
        </div>
        <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-line">
          <div className="h-full rounded-full bg-brand-dark transition-[width] duration-300" style={{ width: `${((index + 1) / total) * 100}%` }} />
        </div>

        <p className="mt-6 text-sm font-semibold tracking-wide text-brand-dark uppercase">{text.skills[item.skill]}</p>
        <p className="mt-1 text-muted">{test.instructions[item.skill]}</p>

        {item.passage && (
          <figure className="mt-4 rounded-xl bg-brand-tint/60 p-4">
            <figcaption className="sr-only">{t.passage}</figcaption>
            <p lang={test.kind === 'placement' ? 'en' : 'kk'} className="leading-relaxed">
              {item.passage}
            </p>
          </figure>
        )}

        <form
          className="mt-5"
          onSubmit={(e) => {
            e.preventDefault();
            if (last) dialog.current?.showModal();
            else go(index + 1);
          }}
        >
          <fieldset>
            <legend className="w-full">
              <h2 id={`${id}-q`} ref={heading} tabIndex={-1} lang={test.kind === 'placement' ? 'en' : 'kk'} className="text-xl font-semibold focus:outline-none md:text-2xl">
                <span className="sr-only">{fill(t.progress, { current: index + 1, total })}. </span>
                {item.prompt}
              </h2>
            </legend>
            <div className="mt-4 grid gap-3" lang={test.kind === 'placement' ? 'en' : 'kk'}>
              {item.options.map((option, i) => (
                <label
                  key={`${item.id}-${i}`}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-4 py-3 transition-colors duration-150 hover:border-brand has-[:checked]:border-brand-dark has-[:checked]:bg-brand-tint has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
                >
                  <input
                    type="radio"
                    name={`${id}-${item.id}`}
                    value={i}
                    checked={answers[item.id] === i}
                    onChange={() => choose(i)}
                    className="size-5 shrink-0 accent-brand-dark"
                  />
                  <span>{option}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div role="status" aria-live="polite" className="mt-3 min-h-5 text-sm text-danger">
            {saveFailed ? t.saveFailed : ''}
          </div>

          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <button type="button" className={`${buttonSecondary} disabled:invisible`} onClick={() => go(index - 1)} disabled={index === 0}>
              {t.previous}
            </button>
            <button type="submit" className={buttonPrimary}>
              {last ? t.finish : t.next}
            </button>
          </div>
        </form>
      </section>

      <aside className="rounded-2xl border border-line bg-white p-5 shadow-sm">
        <nav aria-label={t.navigator}>
          <h2 className="text-sm font-semibold text-muted">{t.navigator}</h2>
          <ol className="mt-3 grid grid-cols-6 gap-2 sm:grid-cols-10 lg:grid-cols-5">
            {test.items.map((it, i) => {
              const done = answers[it.id] !== null && answers[it.id] !== undefined;
              return (
                <li key={it.id}>
                  <button
                    type="button"
                    onClick={() => go(i)}
                    aria-current={i === index ? 'step' : undefined}
                    aria-label={fill(done ? t.navItemAnswered : t.navItem, { n: i + 1 })}
                    className={`flex size-11 items-center justify-center rounded-lg border text-sm font-medium transition-colors duration-150 ${
                      i === index
                        ? 'border-brand-dark bg-brand-dark text-white'
                        : done
                          ? 'border-brand-dark/40 bg-brand-tint text-brand-dark'
                          : 'border-line bg-white text-ink hover:border-brand'
                    }`}
                  >
                    {i + 1}
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <button type="button" className={`${buttonSecondary} mt-5 w-full`} onClick={() => dialog.current?.showModal()} data-testid="test-finish">
          {t.finish}
        </button>
      </aside>

      <dialog
        ref={dialog}
        aria-labelledby={`${id}-confirm-title`}
        aria-describedby={`${id}-confirm-text`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/60 md:p-8"
        onClick={(e) => {
          if (e.target === e.currentTarget && !finishing) e.currentTarget.close();
        }}
      >
        <h2 id={`${id}-confirm-title`} className="text-xl font-bold">
          {t.confirmTitle}
        </h2>
        <p id={`${id}-confirm-text`} className="mt-3 text-muted" data-testid="test-confirm-text">
          {confirmText}
        </p>
        {finishError && (
          <p role="alert" className="mt-3 text-danger">
            {finishError}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={buttonSecondary} onClick={() => dialog.current?.close()} disabled={finishing} autoFocus>
            {t.confirmBack}
          </button>
          <button type="button" className={`${buttonPrimary} disabled:opacity-70`} onClick={finish} disabled={finishing} aria-busy={finishing}>
            {finishing ? t.finishing : t.confirmFinish}
          </button>
        </div>
      </dialog>
    </div>
  );
}
