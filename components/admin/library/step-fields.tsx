'use client';

import { useTranslations } from 'next-intl';
import { gapCount, type Step } from '@/lib/library/format';
import { AlternativesField, GroupProblem, LinesField, MediaField, LineField, LocalizedField, NumberField, OptionsField, problemAt, smallButton, type Localized, type Problems } from './editor-parts';

/** A step while it is edited: the file's step, any field possibly empty or missing. */
export type DraftStep = Step;
type Patch = (changes: Record<string, unknown>) => void;

const emptyLocalized = (): Localized => ({ ru: '', kk: '', en: '' });
const randomId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8).padEnd(6, '0')}`;

/** A new step of a kind, as the editor adds it (its id made by the editor). */
export function newStep(kind: Step['kind'], id: string): DraftStep {
  const prompt = emptyLocalized();
  switch (kind) {
    case 'text':
      return { kind, id, body: '' };
    case 'words':
      return { kind, id, words: [{ id: randomId('w'), word: '', translation: emptyLocalized() }] };
    case 'grammar':
      return { kind, id, title: emptyLocalized(), body: emptyLocalized() };
    case 'choice':
      return { kind, id, prompt, question: '', options: ['', ''], answer: 0 };
    case 'gap':
      return { kind, id, prompt, text: '', answer: [] };
    case 'matching':
      return { kind, id, prompt, pairs: [['', ''], ['', '']] };
    case 'order':
      return { kind, id, prompt, answer: '' };
    case 'listening':
      return { kind, id, prompt, audio: '', question: '', options: ['', ''], answer: 0 };
    case 'writing':
      return { kind, id, prompt, task: '' };
    case 'speaking':
      return { kind, id, prompt, task: '' };
  }
}

/** What the file leaves out rather than keeps empty (an optional title, examples, other orders…). */
export function tidyStep(step: DraftStep): DraftStep {
  const s = { ...step } as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
  const blankLocalized = (v: unknown) => !v || Object.values(v as Localized).every((x) => !x.trim());
  if (step.kind === 'text' && blankLocalized(s.title)) delete s.title;
  for (const key of ['examples', 'accept', 'transcript', 'minWords', 'seconds', 'image']) if (blank(s[key])) delete s[key];
  // A picture's description goes with the picture (its fields are shown only while there is one).
  if ((step.kind === 'text' || step.kind === 'grammar') && (blankLocalized(s.imageAlt) || s.image === undefined)) delete s.imageAlt;
  if (step.kind === 'gap') s.answer = Array.from({ length: gapCount(step.text) }, (_, i) => step.answer[i] ?? []);
  if (step.kind === 'words') s.words = step.words.map((w) => Object.fromEntries(Object.entries(w).filter(([, v]) => !blank(v))));
  return s as DraftStep;
}

/** The fields of one step, by its kind (docs/library.md's table). */
export function StepFields({ step, path, problems, onChange }: { step: DraftStep; path: string; problems: Problems; onChange: (step: DraftStep) => void }) {
  const t = useTranslations('Admin.library.editor');
  const patch: Patch = (changes) => onChange({ ...step, ...changes } as DraftStep);
  const p = (field: string) => `${path}.${field}`;
  const common = { problems };
  const prompt = 'prompt' in step && <LocalizedField path={p('prompt')} label={t('prompt')} value={step.prompt} onChange={(v) => patch({ prompt: v })} {...common} />;
  // A text's or a grammar note's picture, and once there is one its description in the student's three languages.
  const picture = (step.kind === 'text' || step.kind === 'grammar') && (
    <>
      <MediaField kind="image" path={p('image')} label={t('image')} value={step.image} onChange={(v) => patch({ image: v })} {...common} />
      {step.image ? <LocalizedField path={p('imageAlt')} label={t('imageAlt')} hint={t('imageAltHint')} value={step.imageAlt} onChange={(v) => patch({ imageAlt: v })} {...common} /> : null}
    </>
  );
  switch (step.kind) {
    case 'text':
      return (
        <>
          <LocalizedField path={p('title')} label={t('titleOptional')} value={step.title} onChange={(v) => patch({ title: v })} {...common} />
          <LineField path={p('body')} label={t('body')} value={step.body} onChange={(v) => patch({ body: v })} multiline hint={t('taughtLanguage')} {...common} />
          {picture}
        </>
      );
    case 'grammar':
      return (
        <>
          <LocalizedField path={p('title')} label={t('title')} value={step.title} onChange={(v) => patch({ title: v })} {...common} />
          <LocalizedField path={p('body')} label={t('explanation')} value={step.body} onChange={(v) => patch({ body: v })} multiline {...common} />
          <LinesField path={p('examples')} label={t('examples')} value={step.examples} onChange={(v) => patch({ examples: v })} hint={t('oneALine')} {...common} />
          {picture}
        </>
      );
    case 'words':
      return (
        <div className="space-y-3">
          {step.words.map((w, i) => {
            const wp = `${p('words')}[${i}]`;
            const setWord = (changes: Record<string, unknown>) => patch({ words: step.words.map((x, j) => (j === i ? { ...x, ...changes } : x)) });
            return (
              <fieldset key={w.id} className="space-y-2 rounded-lg border border-line p-3">
                <legend className="px-1 text-sm font-medium">{t('wordN', { n: i + 1 })}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  <LineField path={`${wp}.word`} label={t('word')} value={w.word} onChange={(v) => setWord({ word: v })} {...common} />
                  <LineField path={`${wp}.example`} label={t('example')} value={w.example ?? ''} onChange={(v) => setWord({ example: v })} {...common} />
                </div>
                <LocalizedField path={`${wp}.translation`} label={t('translation')} value={w.translation} onChange={(v) => setWord({ translation: v })} {...common} />
                <MediaField kind="audio" path={`${wp}.audio`} label={t('audio')} value={w.audio} onChange={(v) => setWord({ audio: v })} optional {...common} />
                <button type="button" className={smallButton} disabled={step.words.length <= 1} onClick={() => patch({ words: step.words.filter((_, j) => j !== i) })}>
                  {t('removeWord')}
                </button>
              </fieldset>
            );
          })}
          <button type="button" className={smallButton} disabled={step.words.length >= 40} onClick={() => patch({ words: [...step.words, { id: randomId('w'), word: '', translation: emptyLocalized() }] })}>
            {t('addWord')}
          </button>
          <GroupProblem problem={problemAt(problems, p('words'))} />
        </div>
      );
    case 'choice':
    case 'listening':
      return (
        <>
          {prompt}
          {step.kind === 'listening' && (
            <>
              <MediaField kind="audio" path={p('audio')} label={t('audio')} value={step.audio} onChange={(v) => patch({ audio: v ?? '' })} {...common} />
              <LineField path={p('transcript')} label={t('transcript')} value={step.transcript ?? ''} onChange={(v) => patch({ transcript: v })} multiline {...common} />
            </>
          )}
          <LineField path={p('question')} label={t('question')} value={step.question} onChange={(v) => patch({ question: v })} hint={t('taughtLanguage')} {...common} />
          <OptionsField path={path} options={step.options} answer={step.answer} onChange={(options, answer) => patch({ options, answer })} {...common} />
        </>
      );
    case 'gap': {
      const gaps = gapCount(step.text);
      return (
        <>
          {prompt}
          <LineField path={p('text')} label={t('gapText')} value={step.text} onChange={(v) => patch({ text: v })} multiline hint={t('gapHint')} {...common} />
          {Array.from({ length: gaps }, (_, i) => (
            <AlternativesField
              key={i}
              path={`${p('answer')}[${i}]`}
              label={t('gapAnswers', { n: i + 1 })}
              value={step.answer[i]}
              onChange={(v) => patch({ answer: Array.from({ length: gaps }, (_, j) => (j === i ? v : (step.answer[j] ?? []))) })}
              {...common}
            />
          ))}
          <GroupProblem problem={problemAt(problems, p('answer'))} />
        </>
      );
    }
    case 'matching':
      return (
        <>
          {prompt}
          <fieldset className="rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-medium">{t('pairs')}</legend>
            <ul className="space-y-2">
              {step.pairs.map((pair, i) => (
                <li key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
                  {[0, 1].map((side) => (
                    <LineField
                      key={side}
                      path={`${p('pairs')}[${i}][${side}]`}
                      label={side === 0 ? t('left', { n: i + 1 }) : t('rightSide', { n: i + 1 })}
                      value={pair[side]!}
                      onChange={(v) => patch({ pairs: step.pairs.map((x, j) => (j === i ? (side === 0 ? [v, x[1]] : [x[0], v]) : x)) })}
                      {...common}
                    />
                  ))}
                  <button type="button" className={smallButton} disabled={step.pairs.length <= 2} onClick={() => patch({ pairs: step.pairs.filter((_, j) => j !== i) })}>
                    {t('remove')}
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className={`${smallButton} mt-2`} disabled={step.pairs.length >= 8} onClick={() => patch({ pairs: [...step.pairs, ['', '']] })}>
              {t('addPair')}
            </button>
            <GroupProblem problem={problemAt(problems, p('pairs'))} />
          </fieldset>
        </>
      );
    case 'order':
      return (
        <>
          {prompt}
          <LineField path={p('answer')} label={t('sentence')} value={step.answer} onChange={(v) => patch({ answer: v })} hint={t('sentenceHint')} {...common} />
          <LinesField path={p('accept')} label={t('accept')} value={step.accept} onChange={(v) => patch({ accept: v })} hint={t('oneALine')} {...common} />
        </>
      );
    case 'writing':
      return (
        <>
          {prompt}
          <LineField path={p('task')} label={t('task')} value={step.task} onChange={(v) => patch({ task: v })} multiline hint={t('taughtLanguage')} {...common} />
          <NumberField path={p('minWords')} label={t('minWords')} value={step.minWords} onChange={(v) => patch({ minWords: v })} {...common} />
        </>
      );
    case 'speaking':
      return (
        <>
          {prompt}
          <LineField path={p('task')} label={t('task')} value={step.task} onChange={(v) => patch({ task: v })} multiline hint={t('taughtLanguage')} {...common} />
          <NumberField path={p('seconds')} label={t('seconds')} value={step.seconds} onChange={(v) => patch({ seconds: v })} {...common} />
        </>
      );
  }
}
