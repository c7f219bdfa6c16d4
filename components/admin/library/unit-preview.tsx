'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { publicStep, type PublicStep } from '@/lib/library/check';
import { GAP, stepSchema, type Step } from '@/lib/library/format';
import { LANGS, type Localized } from './editor-parts';

type Lang = (typeof LANGS)[number];

/**
 * How a student sees the unit, in each of the student's languages: each step as `publicStep` gives
 * it to the student (never its key), read-only. A minimal renderer of its own until the shared
 * exercise components (components/library/) take its place.
 */
export function UnitPreview({ title, steps }: { title: Localized; steps: Step[] }) {
  const t = useTranslations('Admin.library.preview');
  const tl = useTranslations('Admin.library');
  const [lang, setLang] = useState<Lang>('ru');
  return (
    <div className="rounded-xl border border-line bg-white p-4" data-testid="unit-preview" lang={lang}>
      <div role="group" aria-label={t('language')} className="mb-3 flex gap-1">
        {LANGS.map((l) => (
          <button
            key={l}
            type="button"
            aria-pressed={lang === l}
            onClick={() => setLang(l)}
            className="rounded-lg border border-line px-3 py-1 text-sm aria-pressed:border-brand-dark aria-pressed:bg-brand-tint aria-pressed:font-medium"
          >
            {tl(`langs.${l}`)}
          </button>
        ))}
      </div>
      <h3 className="text-xl font-semibold">{title[lang] || '…'}</h3>
      <ol className="mt-3 space-y-4">
        {steps.map((s, i) => {
          const parsed = stepSchema.safeParse(s);
          return (
            <li key={`${i}-${s.id}`} className="rounded-lg border border-line p-3" data-testid={`preview-step-${i}`}>
              {parsed.success ? <PreviewStep step={publicStep(parsed.data)} lang={lang} /> : <p className="text-sm text-muted">{t('incomplete')}</p>}
            </li>
          );
        })}
      </ol>
      {steps.length === 0 && <p className="text-sm text-muted">{t('empty')}</p>}
    </div>
  );
}

function Prompt({ text }: { text: string }) {
  return <p className="mb-2 font-medium">{text}</p>;
}

function Options({ name, options }: { name: string; options: string[] }) {
  return (
    <ul className="space-y-1">
      {options.map((o, i) => (
        <li key={i}>
          <label className="flex items-center gap-2">
            <input type="radio" name={name} disabled />
            {o}
          </label>
        </li>
      ))}
    </ul>
  );
}

function PreviewStep({ step, lang }: { step: PublicStep; lang: Lang }) {
  const t = useTranslations('Admin.library.preview');
  switch (step.kind) {
    case 'text':
      return (
        <>
          {step.title && <h4 className="mb-1 font-semibold">{step.title[lang]}</h4>}
          <p className="whitespace-pre-line">{step.body}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded picture of unknown size, already re-encoded by the media store */}
          {step.image && <img src={`/api/media/images/${step.image}`} alt="" className="mt-2 max-h-64 rounded" />}
        </>
      );
    case 'grammar':
      return (
        <>
          <h4 className="mb-1 font-semibold">{step.title[lang]}</h4>
          <p className="whitespace-pre-line">{step.body[lang]}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded picture of unknown size, already re-encoded by the media store */}
          {step.image && <img src={`/api/media/images/${step.image}`} alt="" className="mt-2 max-h-64 rounded" />}
          {step.examples && (
            <ul className="mt-2 list-disc pl-5 italic">
              {step.examples.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          )}
        </>
      );
    case 'words':
      return (
        <dl className="grid gap-2 sm:grid-cols-2">
          {step.words.map((w) => (
            <div key={w.id} className="rounded border border-line p-2">
              <dt className="font-semibold">{w.word}</dt>
              <dd className="text-sm">{w.translation[lang]}</dd>
              {w.example && <dd className="text-sm text-muted italic">{w.example}</dd>}
            </div>
          ))}
        </dl>
      );
    case 'choice':
    case 'listening':
      return (
        <>
          <Prompt text={step.prompt[lang]} />
          {step.kind === 'listening' && <audio controls src={`/api/media/audio/${step.audio}`} className="mb-2 h-9" />}
          <p className="mb-2">{step.question}</p>
          <Options name={step.id} options={step.options} />
        </>
      );
    case 'gap':
      return (
        <>
          <Prompt text={step.prompt[lang]} />
          <p className="leading-9">
            {step.text.split(GAP).map((part, i, all) => (
              <span key={i}>
                {part}
                {i < all.length - 1 && <input disabled aria-label={t('gap', { n: i + 1 })} className="mx-1 w-24 rounded border border-line px-1" />}
              </span>
            ))}
          </p>
        </>
      );
    case 'matching':
      return (
        <>
          <Prompt text={step.prompt[lang]} />
          <ul className="space-y-1">
            {step.left.map((l, i) => (
              <li key={i} className="flex items-center gap-2">
                <span className="min-w-24">{l}</span>
                <select disabled className="rounded border border-line px-1" aria-label={l}>
                  {step.right.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </>
      );
    case 'order':
      return (
        <>
          <Prompt text={step.prompt[lang]} />
          <p className="flex flex-wrap gap-1">
            {step.tokens.map((w, i) => (
              <span key={i} className="rounded border border-line bg-slate-50 px-2 py-1">
                {w}
              </span>
            ))}
          </p>
        </>
      );
    case 'writing':
      return (
        <>
          <Prompt text={step.prompt[lang]} />
          <p className="mb-2 whitespace-pre-line">{step.task}</p>
          <textarea disabled rows={3} className="w-full rounded border border-line" aria-label={step.task} />
          {step.minWords && <p className="text-xs text-muted">{t('minWords', { count: step.minWords })}</p>}
        </>
      );
    case 'speaking':
      return (
        <>
          <Prompt text={step.prompt[lang]} />
          <p className="mb-2 whitespace-pre-line">{step.task}</p>
          <p className="text-sm text-muted">{step.seconds ? t('seconds', { count: step.seconds }) : t('record')}</p>
        </>
      );
  }
}
