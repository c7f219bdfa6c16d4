'use client';

import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { createTranslator, useLocale, useMessages, useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { pictureSrc, type Localized } from '@/components/library/types';
import { BOARD_LANGS, boardPages, stepSummary, type Block, type BoardLabels, type BoardLang, type BoardPage, type BoardUnit } from './board-library-layout';
import { roomButton } from './types';

type Load<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };
type Course = { slug: string; subject: string; level: string; title: Localized; units: number };
type Unit = { key: string; title: Localized };

/** One GET while `url` is set: loading, failed (the server's message or ours) or its answer; `retry` asks again. */
function useLoad<T>(url: string | null, failed: string): [Load<T> | null, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ url: string; attempt: number; load: Load<T> } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    api.get<T>(url).then(
      ({ data }) => live && setResult({ url, attempt, load: { status: 'ready', data } }),
      (err: unknown) => live && setResult({ url, attempt, load: { status: 'failed', message: apiErrorBody(err)?.message ?? failed } }),
    );
    return () => {
      live = false;
    };
  }, [url, attempt, failed]);
  const load: Load<T> | null = !url ? null : result?.url === url && result.attempt === attempt ? result.load : { status: 'loading' };
  return [load, () => setAttempt((a) => a + 1)];
}

/**
 * The board's few words in the student's language, whatever the tutor's (the room's page hands the
 * `BoardPage` messages of every language as `BoardPageLangs`).
 */
function useBoardLabels(lang: BoardLang): BoardLabels | null {
  const all = (useMessages() as unknown as { BoardPageLangs?: Partial<Record<BoardLang, Record<string, string>>> }).BoardPageLangs;
  return useMemo(() => {
    const messages = all?.[lang];
    if (!messages) return null;
    const t = createTranslator({ locale: lang, messages: { BoardPage: messages } as never, namespace: 'BoardPage' as never }) as unknown as (key: string, values?: Record<string, number>) => string;
    return { words: t('words'), examples: t('examples'), listen: t('listen'), minWords: (count) => t('minWords', { count }), seconds: (seconds) => t('seconds', { seconds }) };
  }, [all, lang]);
}

const SUBJECT_LANG: Record<string, string> = { english: 'en', kazakh: 'kk' };
const selectClass = 'min-h-11 w-full rounded-lg border border-slate-600 bg-slate-900 px-2 text-slate-50 focus-visible:outline-3 focus-visible:outline-sky-300';

/** A block as the preview shows it (the board draws the same blocks, board-library-draw.ts). */
function PreviewBlock({ block, lang, taught }: { block: Block; lang: BoardLang; taught?: string }) {
  switch (block.kind) {
    case 'heading':
      return <p className="text-lg font-semibold">{block.text}</p>;
    case 'lead':
      return (
        <p lang={lang} className="text-blue-700">
          {block.text}
        </p>
      );
    case 'text':
      return <p lang={taught}>{block.text}</p>;
    case 'note':
      return <p className="text-sm text-slate-600">{block.text}</p>;
    case 'word':
      return (
        <div>
          <p>{block.text}</p>
          {block.note ? (
            <p lang={taught} className="text-sm text-slate-600">
              {block.note}
            </p>
          ) : null}
        </div>
      );
    case 'option':
      return (
        <p lang={taught} className="rounded-md border border-slate-400 bg-slate-100 px-2 py-1">
          {block.text}
        </p>
      );
    case 'chips':
      return (
        <ul lang={taught} className="flex flex-wrap gap-2">
          {block.items.map((w, i) => (
            <li key={i} className="rounded-md border border-slate-400 bg-slate-100 px-2 py-1">
              {w}
            </li>
          ))}
        </ul>
      );
    case 'image':
      return (
        // eslint-disable-next-line @next/next/no-img-element -- a media-store picture of unknown size (re-encoded WebP, at most 1200 px wide)
        <img lang={lang} src={pictureSrc(block.name)} alt={block.alt} loading="lazy" decoding="async" className="h-auto max-h-48 w-auto max-w-full self-start rounded-md" />
      );
    case 'pair':
      return (
        <div lang={taught} className="grid grid-cols-2 gap-2">
          <p className="rounded-md border border-slate-400 bg-slate-100 px-2 py-1">{block.left}</p>
          <p className="rounded-md border border-slate-400 bg-slate-100 px-2 py-1">{block.right}</p>
        </div>
      );
  }
}

/**
 * The tutor's library on the board (docs/library.md "The board"): a published course, a unit, one of
 * its pages or the whole unit, the student's language; the preview shows what goes on the board, and
 * "Open on the board" hands the pages to the board to draw. Escape closes it.
 */
export function BoardLibrary({ id, lessonId, onOpen, onClose }: { id: string; lessonId: number; onOpen: (pages: BoardPage[], from: { course: string; unit: string; lang: BoardLang }) => Promise<void>; onClose: () => void }) {
  const t = useTranslations('Room.library');
  const langName = useTranslations('TranslationLangs');
  const locale = useLocale() as BoardLang;
  const uid = useId();
  const [slug, setSlug] = useState('');
  const [key, setKey] = useState('');
  const [choice, setChoice] = useState('');
  const [chosenLang, setLang] = useState<BoardLang | null>(null);
  const [opening, setOpening] = useState<{ state: 'idle' | 'busy' | 'failed' } | { state: 'done'; name: string }>({ state: 'idle' });
  const [courses, retryCourses] = useLoad<{ courses: Course[] }>('/api/cabinet/library', t('failed'));
  const [units, retryUnits] = useLoad<{ units: Unit[] }>(slug ? `/api/cabinet/library/${slug}` : null, t('failed'));
  const [unit, retryUnit] = useLoad<BoardUnit>(slug && key ? `/api/lessons/${lessonId}/room/library/${slug}/${key}` : null, t('failed'));
  const data = unit?.status === 'ready' ? unit.data : null;
  const lang = chosenLang ?? data?.lang ?? (BOARD_LANGS.includes(locale) ? locale : 'ru');
  const labels = useBoardLabels(lang);
  const step = choice || data?.steps[0]?.id || '';
  const pages = useMemo(() => (data && labels && step ? boardPages(data, step, lang, labels) : []), [data, labels, step, lang]);
  const taught = SUBJECT_LANG[data?.course.subject ?? ''];
  const title = (text: Localized) => text[locale] || text.ru;

  const failure = (load: Load<unknown> | null, retry: () => void) =>
    load?.status === 'failed' ? (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-300">
        {load.message}
        <button type="button" className={`${roomButton} bg-slate-700 hover:bg-slate-600`} onClick={retry}>
          {t('retry')}
        </button>
      </p>
    ) : load?.status === 'loading' ? (
      <p role="status" className="text-sm text-slate-300">
        {t('loading')}
      </p>
    ) : null;

  const open = async () => {
    if (!data || !pages.length) return;
    setOpening({ state: 'busy' });
    try {
      await onOpen(pages, { course: data.course.slug, unit: data.unit.key, lang });
      setOpening({ state: 'done', name: pages.length > 1 ? title(data.unit.title) : pages[0]!.name });
    } catch {
      setOpening({ state: 'failed' });
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  };

  return (
    <section id={id} aria-labelledby={`${uid}-title`} className="flex flex-col gap-3 rounded-xl bg-slate-800 p-3 text-sm" data-testid="board-library" onKeyDown={onKeyDown}>
      <h2 id={`${uid}-title`} className="text-base font-semibold">
        {t('title')}
      </h2>
      {failure(courses, retryCourses)}
      {courses?.status === 'ready' && courses.data.courses.length === 0 ? (
        <p role="status" data-testid="board-library-empty">
          {t('noCourses')}
        </p>
      ) : null}
      {courses?.status === 'ready' && courses.data.courses.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1">
            {t('course')}
            <select
              className={selectClass}
              value={slug}
              data-testid="board-library-course"
              onChange={(e) => {
                setSlug(e.target.value);
                setKey('');
                setChoice('');
                setOpening({ state: 'idle' });
              }}
            >
              <option value="">{t('choose')}</option>
              {courses.data.courses.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {title(c.title)} ({c.level})
                </option>
              ))}
            </select>
          </label>
          {slug ? (
            <label className="flex flex-col gap-1">
              {t('unit')}
              <select
                className={selectClass}
                value={key}
                disabled={units?.status !== 'ready'}
                data-testid="board-library-unit"
                onChange={(e) => {
                  setKey(e.target.value);
                  setChoice('');
                  setOpening({ state: 'idle' });
                }}
              >
                <option value="">{t('choose')}</option>
                {units?.status === 'ready'
                  ? units.data.units.map((u, i) => (
                      <option key={u.key} value={u.key}>
                        {i + 1}. {title(u.title)}
                      </option>
                    ))
                  : null}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
      {failure(units, retryUnits)}
      {units?.status === 'ready' && units.data.units.length === 0 ? <p role="status">{t('noUnits')}</p> : null}
      {failure(unit, retryUnit)}
      {data ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="flex flex-col gap-1">
              {t('page')}
              <select className={selectClass} value={step} data-testid="board-library-page" onChange={(e) => {
                  setChoice(e.target.value);
                  setOpening({ state: 'idle' });
                }}>
                {data.steps.map((s, i) => (
                  <option key={s.id} value={s.id}>
                    {i + 1}. {t(`kinds.${s.kind}`)}: {stepSummary(s, lang)}
                  </option>
                ))}
                <option value="all">{t('wholeUnit', { count: data.steps.length })}</option>
              </select>
            </label>
            <label className="flex flex-col gap-1">
              {t('lang')}
              <select className={selectClass} value={lang} data-testid="board-library-lang" onChange={(e) => setLang(e.target.value as BoardLang)}>
                {BOARD_LANGS.map((l) => (
                  <option key={l} value={l}>
                    {langName(l)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div
            role="region"
            aria-label={t('preview')}
            tabIndex={0}
            className="flex max-h-72 flex-col gap-4 overflow-auto rounded-lg bg-white p-3 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-sky-300"
            data-testid="board-library-preview"
          >
            {pages.map((page) => (
              <article key={page.stepId} className="flex flex-col gap-2" data-step={page.stepId}>
                <h3 className="text-xs text-slate-500">{page.name}</h3>
                {page.blocks.map((block, i) => (
                  <PreviewBlock key={i} block={block} lang={lang} taught={taught} />
                ))}
              </article>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={`${roomButton} bg-sky-500 text-slate-950 hover:bg-sky-400`} disabled={opening.state === 'busy' || !pages.length} onClick={() => void open()} data-testid="board-library-open">
              {opening.state === 'busy' ? t('opening') : t('open')}
            </button>
            {opening.state === 'done' ? (
              <span role="status" data-testid="board-library-status">
                {t('opened', { name: opening.name })}
              </span>
            ) : null}
            {opening.state === 'failed' ? (
              <span role="alert" className="text-red-300">
                {t('openFailed')}
              </span>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
