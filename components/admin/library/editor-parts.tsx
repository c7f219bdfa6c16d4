'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocale } from '@/i18n/navigation';
import { ApiCallError } from '@/lib/browser/api/fetch-json';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { adminInputClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';

/** The editor's problems by path (`steps[2].options[1]`), as message keys or server messages. */
export type Problems = Record<string, string>;
export type Localized = { ru: string; kk: string; en: string };
export const LANGS = ['ru', 'kk', 'en'] as const;
export const smallButton = `${adminSecondaryButtonClass} !px-2 !py-1 text-xs`;

/** The problem at `path` exactly, or (with `deep`) the first one below it. */
export function problemAt(problems: Problems, path: string, deep = false): string | undefined {
  if (problems[path]) return problems[path];
  if (!deep) return undefined;
  const key = Object.keys(problems).find((k) => k.startsWith(`${path}[`) || k.startsWith(`${path}.`));
  return key ? problems[key] : undefined;
}

/** A problem's text in the reader's language: a key of Validation or Admin.validation, else a server's message as is. */
export function useProblemText() {
  const tv = useTranslations('Validation');
  const ta = useTranslations('Admin.validation');
  return (key: string | undefined) => (key ? (tv.has(key as never) ? tv(key as never) : ta.has(key as never) ? ta(key as never) : key) : undefined);
}

/** A problem of a whole group of fields, under the group. */
export function GroupProblem({ problem }: { problem: string | undefined }) {
  const text = useProblemText();
  return problem ? <p className="mt-1 text-sm text-danger">{text(problem)}</p> : null;
}

const fieldId = (path: string) => `u-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;

/** One line of text. */
export function LineField({ path, label, value, onChange, problems, hint, multiline, readOnly }: { path: string; label: string; value: string; onChange: (v: string) => void; problems: Problems; hint?: string; multiline?: boolean; readOnly?: boolean }) {
  const id = fieldId(path);
  const error = problemAt(problems, path);
  return (
    <AdminField id={id} label={label} error={error} hint={hint}>
      {multiline ? (
        <textarea id={id} rows={3} className={adminInputClass} value={value} onChange={(e) => onChange(e.target.value)} {...describedBy(id, error, !!hint)} />
      ) : (
        <input id={id} className={adminInputClass} value={value} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} {...describedBy(id, error, !!hint)} />
      )}
    </AdminField>
  );
}

/** A whole number, or nothing. */
export function NumberField({ path, label, value, onChange, problems, hint }: { path: string; label: string; value: number | undefined; onChange: (v: number | undefined) => void; problems: Problems; hint?: string }) {
  const id = fieldId(path);
  const error = problemAt(problems, path);
  return (
    <AdminField id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className={`${adminInputClass} max-w-40`}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        {...describedBy(id, error, !!hint)}
      />
    </AdminField>
  );
}

/** A text in the student's three languages (titles, prompts, explanations, a picture's description); a hint under the legend describes the group. */
export function LocalizedField({ path, label, value, onChange, problems, multiline, hint }: { path: string; label: string; value: Localized | undefined; onChange: (v: Localized) => void; problems: Problems; multiline?: boolean; hint?: string }) {
  const t = useTranslations('Admin.library');
  const v = value ?? { ru: '', kk: '', en: '' };
  const whole = problemAt(problems, path);
  const hintId = `${fieldId(path)}-group-hint`;
  return (
    <fieldset className="rounded-lg border border-line p-3" aria-describedby={hint ? hintId : undefined}>
      <legend className="px-1 text-sm font-medium">{label}</legend>
      {hint ? (
        <p id={hintId} className="mb-2 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <div className={multiline ? 'space-y-2' : 'grid gap-2 sm:grid-cols-3'}>
        {LANGS.map((lang) => (
          <LineField key={lang} path={`${path}.${lang}`} label={t(`langs.${lang}`)} value={v[lang]} onChange={(text) => onChange({ ...v, [lang]: text })} problems={problems} multiline={multiline} />
        ))}
      </div>
      <GroupProblem problem={whole} />
    </fieldset>
  );
}

/**
 * A list of short texts, one a line (examples, other accepted orders): the text typed is kept as is
 * while typing, the list sent without empty lines.
 */
export function LinesField({ path, label, value, onChange, problems, hint }: { path: string; label: string; value: string[] | undefined; onChange: (v: string[]) => void; problems: Problems; hint?: string }) {
  const [text, setText] = useState((value ?? []).join('\n'));
  const id = fieldId(path);
  const error = problemAt(problems, path, true);
  return (
    <AdminField id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        rows={3}
        className={adminInputClass}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean),
          );
        }}
        {...describedBy(id, error, !!hint)}
      />
    </AdminField>
  );
}

/** A gap's accepted answers, split by "|" (kept as typed while typing). */
export function AlternativesField({ path, label, value, onChange, problems }: { path: string; label: string; value: string[] | undefined; onChange: (v: string[]) => void; problems: Problems }) {
  const [text, setText] = useState((value ?? []).join(' | '));
  const id = fieldId(path);
  const error = problemAt(problems, path, true);
  return (
    <AdminField id={id} label={label} error={error}>
      <input
        id={id}
        className={adminInputClass}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split('|')
              .map((l) => l.trim())
              .filter(Boolean),
          );
        }}
        {...describedBy(id, error)}
      />
    </AdminField>
  );
}

/** A choice's options, each a line, the right one marked (its number is the step's `answer`). */
export function OptionsField({ path, options, answer, onChange, problems }: { path: string; options: string[]; answer: number; onChange: (options: string[], answer: number) => void; problems: Problems }) {
  const t = useTranslations('Admin.library.editor');
  const text = useProblemText();
  const group = problemAt(problems, `${path}.options`) ?? problemAt(problems, `${path}.answer`);
  return (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium">{t('options')}</legend>
      <ul className="space-y-2">
        {options.map((o, i) => {
          const id = fieldId(`${path}.options[${i}]`);
          const error = problemAt(problems, `${path}.options[${i}]`);
          return (
            <li key={i} className="flex flex-wrap items-center gap-2">
              <label className="flex min-h-11 items-center gap-1 text-xs">
                <input type="radio" name={`${path}-answer`} checked={answer === i} onChange={() => onChange(options, i)} aria-label={t('rightOption', { n: i + 1 })} />
                {t('right')}
              </label>
              <label htmlFor={id} className="sr-only">
                {t('option', { n: i + 1 })}
              </label>
              <input
                id={id}
                className={`${adminInputClass} max-w-md flex-1`}
                value={o}
                placeholder={t('option', { n: i + 1 })}
                onChange={(e) => onChange(options.map((x, j) => (j === i ? e.target.value : x)), answer)}
                {...describedBy(id, error)}
              />
              <button type="button" className={smallButton} disabled={options.length <= 2} onClick={() => onChange(options.filter((_, j) => j !== i), answer > i ? answer - 1 : answer === i ? 0 : answer)}>
                {t('remove')}
              </button>
              {error && (
                <p id={`${id}-error`} className="w-full text-sm text-danger">
                  {text(error)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <button type="button" className={`${smallButton} mt-2`} disabled={options.length >= 6} onClick={() => onChange([...options, ''], answer)}>
        {t('addOption')}
      </button>
      <GroupProblem problem={group} />
    </fieldset>
  );
}

/** A file of the media store (audio, a picture): its name, an upload that puts a new one there, and a look at it. */
export function MediaField({ kind, path, label, value, onChange, problems, optional }: { kind: 'audio' | 'image'; path: string; label: string; value: string | undefined; onChange: (v: string | undefined) => void; problems: Problems; optional?: boolean }) {
  const t = useTranslations('Admin.library.editor');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const id = fieldId(path);
  const error = uploadError ?? problemAt(problems, path);
  async function upload(file: File) {
    setBusy(true);
    setUploadError(null);
    try {
      const url = kind === 'audio' ? '/api/admin/library/audio' : '/api/admin/library/images';
      const res = await fetch(url, { method: 'POST', body: file, headers: { 'accept-language': locale, 'content-type': 'application/octet-stream' }, credentials: 'same-origin' });
      const data = (await res.json().catch(() => ({}))) as { name?: string; error?: { code: string; message: string } };
      if (!res.ok || !data.name) throw new ApiCallError(res.status, data.error?.code ?? 'internal', data.error?.message ?? res.statusText);
      onChange(data.name);
    } catch (err) {
      setUploadError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  const hint = kind === 'image' ? t('imageHint') : optional ? t('audioOptional') : t('audioHint');
  return (
    <AdminField id={id} label={label} error={error} hint={hint}>
      <div className="flex flex-wrap items-center gap-2">
        <input id={id} className={`${adminInputClass} max-w-xs font-mono`} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)} {...describedBy(id, error, true)} />
        <label className={`${smallButton} cursor-pointer`}>
          {busy ? t('uploading') : t('upload')}
          <input type="file" accept={kind === 'audio' ? 'audio/*' : 'image/jpeg,image/png,image/webp'} className="sr-only" disabled={busy} onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
        </label>
        {value && kind === 'audio' && /^a-[\w-]{16}\.\w+$/.test(value) && <audio controls src={`/api/media/audio/${value}`} className="h-9" />}
        {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded picture of unknown size, already re-encoded by the media store */}
        {value && kind === 'image' && /^i-[\w-]{16}\.webp$/.test(value) && <img src={`/api/media/images/${value}`} alt="" className="h-16 rounded border border-line" />}
      </div>
    </AdminField>
  );
}
