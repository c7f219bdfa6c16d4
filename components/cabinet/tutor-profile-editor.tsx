'use client';

import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import {
  PROFILE_AGES,
  PROFILE_LEVELS,
  PROFILE_LOCALES,
  TEACHING_LANGUAGES,
  TUTOR_SUBJECTS,
  videoWatchUrl,
  type PriceLimits,
  type ProfileData,
} from '@/lib/validations/tutor-profile';
import { Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { useRequireAuth } from '@/components/auth/require-auth';

interface EditorView {
  slug: string;
  draft: ProfileData;
  published: ProfileData | null;
  reviewStatus: 'none' | 'pending' | 'rejected';
  rejectReason: string | null;
  rejectReasons: string[];
  changed: boolean;
  missing: Record<string, string>;
  limits: PriceLimits;
}

interface Form {
  about: Record<string, string>;
  teachingLanguages: string[];
  nativeSpeaker: boolean;
  subjects: string[];
  levels: string[];
  ages: string[];
  price: string;
  experienceYears: string;
  video: string;
}

const toForm = (d: ProfileData): Form => ({
  about: { ru: d.about.ru ?? '', kk: d.about.kk ?? '', en: d.about.en ?? '' },
  teachingLanguages: d.teachingLanguages,
  nativeSpeaker: d.nativeSpeaker,
  subjects: d.subjects,
  levels: d.levels,
  ages: d.ages,
  price: d.price === null ? '' : String(d.price),
  experienceYears: String(d.experienceYears),
  video: d.video ? videoWatchUrl(d.video) : '',
});

const toBody = (f: Form) => ({
  about: Object.fromEntries(Object.entries(f.about).filter(([, v]) => v.trim())),
  teachingLanguages: f.teachingLanguages,
  nativeSpeaker: f.nativeSpeaker,
  subjects: f.subjects,
  levels: f.levels,
  ages: f.ages,
  price: f.price.trim() === '' ? null : Number(f.price),
  experienceYears: f.experienceYears.trim() === '' ? 0 : Number(f.experienceYears),
  video: f.video.trim() || null,
});

const PHOTO_MAX = 10 * 1024 * 1024;
const photoSrc = (id: string) => `/api/media/tutors/${id}-card.webp`;

function Checks({ legend, name, values, labels, checked, onChange, error }: {
  legend: string;
  name: string;
  values: readonly string[];
  labels: (v: string) => string;
  checked: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((v) => (
          <label key={v} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 has-checked:border-brand-dark has-checked:bg-brand-tint">
            <input
              type="checkbox"
              name={name}
              value={v}
              checked={checked.includes(v)}
              onChange={(e) => onChange(e.target.checked ? [...checked, v] : checked.filter((c) => c !== v))}
              className="size-4"
            />
            {labels(v)}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 rounded-2xl border border-line bg-white p-5 sm:p-6">{children}</div>;
}

/** The tutor's public profile editor (cabinet): draft, photo, submission for review. */
export function ProfileEditor() {
  const t = useTranslations('Cabinet.publicProfile');
  const tv = useTranslations('Validation');
  const tl = useTranslations('Tutors');
  const tr = useTranslations('Registration.tutor');
  const tReasons = useTranslations('Review.profileReasons');
  const { ready, signedIn } = useRequireAuth(false);
  const [view, setView] = useState<EditorView | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState<'save' | 'submit' | 'photo' | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const apply = useCallback((v: EditorView) => {
    setView(v);
    setForm(toForm(v.draft));
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    api
      .get<{ profile: EditorView }>('/api/cabinet/profile')
      .then(({ data }) => apply(data.profile))
      .catch((err: unknown) => setBlocked(apiErrorBody(err)?.message ?? t('notAllowed')));
  }, [signedIn, apply, t]);

  function fail(err: unknown) {
    const body = apiErrorBody(err);
    setErrors(body?.fields ?? {});
    setStatus('');
    setAlert(body?.fields ? t('fixErrors') : (body?.message ?? ''));
    setTimeout(() => alertRef.current?.focus(), 0);
  }

  async function save(): Promise<boolean> {
    if (!form) return false;
    setBusy('save');
    setAlert('');
    setStatus(t('saving'));
    try {
      const { data } = await api.put<{ profile: EditorView }>('/api/cabinet/profile', toBody(form));
      apply(data.profile);
      setErrors({});
      setStatus(t('saved'));
      return true;
    } catch (err) {
      fail(err);
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function submit() {
    if (!(await save())) return;
    setBusy('submit');
    try {
      const { data } = await api.post<{ profile: EditorView }>('/api/cabinet/profile/submit');
      apply(data.profile);
      setStatus(t('submitted'));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setErrors((e) => ({ ...e, photo: '' }));
    if (file.size > PHOTO_MAX) {
      setErrors((e) => ({ ...e, photo: t('photoTooBig') }));
      return;
    }
    setBusy('photo');
    setStatus(t('photoUploading'));
    try {
      const { data } = await api.post<{ profile: EditorView }>('/api/cabinet/profile/photo', file, {
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      });
      setView(data.profile);
      setStatus(t('photoDone'));
    } catch (err) {
      setErrors((e) => ({ ...e, photo: apiErrorBody(err)?.message ?? '' }));
      setStatus('');
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  if (!ready || !signedIn) return <p role="status" className="text-muted" />;
  if (blocked) return <p className="rounded-xl border border-line p-4">{blocked}</p>;
  if (!view || !form) return <p role="status" className="text-muted" />;

  const err = (field: string) => {
    const v = errors[field];
    return v ? (tv.has(v as never) ? tv(v as never) : v) : undefined;
  };
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm({ ...form, [k]: v });
  const state = view.reviewStatus !== 'none' ? view.reviewStatus : view.published && !view.changed ? 'published' : 'none';

  return (
    <div className="grid gap-6">
      <p className="text-muted">{t('intro')}</p>
      <p>
        <span className="text-sm text-muted">{t('stateLabel')}: </span>
        <span className="font-medium" data-testid="profile-state">
          {t(`state.${state}`)}
        </span>
      </p>
      {view.reviewStatus === 'rejected' && (view.rejectReasons.length > 0 || view.rejectReason) && (
        <div className="space-y-3 rounded-xl border border-danger/40 p-4" data-testid="profile-returned">
          {view.rejectReasons.length > 0 && (
            <div>
              <p className="text-sm text-muted">{t('returnReasons')}</p>
              <ul className="mt-1 list-disc pl-5" data-testid="profile-reject-reasons">
                {view.rejectReasons.map((r) => (
                  <li key={r}>{tReasons.has(r as never) ? tReasons(r as never) : r}</li>
                ))}
              </ul>
            </div>
          )}
          {view.rejectReason && (
            <div>
              <p className="text-sm text-muted">{t('rejectReason')}</p>
              <p className="whitespace-pre-line break-words" data-testid="profile-reject-reason">
                {view.rejectReason}
              </p>
            </div>
          )}
        </div>
      )}
      {view.reviewStatus === 'pending' && <p className="text-sm text-muted">{t('editWithdraws')}</p>}
      <div ref={alertRef} tabIndex={-1} role="alert" className="focus:outline-none">
        {alert && <p className="rounded-xl border border-danger/40 p-4 text-danger">{alert}</p>}
      </div>

      <Section>
        <div className="flex flex-wrap items-center gap-4">
          {view.draft.photo ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={photoSrc(view.draft.photo)} alt={t('photoAlt')} width={120} height={120} className="size-30 rounded-2xl object-cover" data-testid="profile-photo" />
          ) : (
            <div className="size-30 rounded-2xl bg-brand-tint" aria-hidden="true" />
          )}
          <div>
            <label htmlFor="profile-photo-input" className="mb-1.5 block text-sm font-medium text-ink">
              {t('photo')}
            </label>
            <input
              ref={fileRef}
              id="profile-photo-input"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby="profile-photo-hint profile-photo-error"
              aria-invalid={err('photo') ? true : undefined}
              disabled={busy === 'photo'}
              onChange={(e) => upload(e.target.files?.[0])}
              className="block text-sm file:mr-3 file:min-h-11 file:rounded-xl file:border file:border-line file:bg-white file:px-4 file:font-medium"
            />
            <p id="profile-photo-hint" className="mt-1.5 text-xs text-muted">
              {t('photoHint')}
            </p>
            <p id="profile-photo-error" className="mt-1.5 text-sm text-danger">
              {err('photo')}
            </p>
          </div>
        </div>
      </Section>

      <Section>
        <p className="text-sm text-muted">{t('aboutHint')}</p>
        {PROFILE_LOCALES.map((loc) => {
          const id = `profile-about-${loc}`;
          const e = err(`about.${loc}`) ?? (loc === 'ru' ? err('about') : undefined);
          return (
            <Field key={loc} id={id} label={`${t('about')} — ${t(`aboutIn.${loc}`)}`} error={e}>
              <textarea
                id={id}
                lang={loc}
                rows={5}
                maxLength={2000}
                value={form.about[loc]}
                aria-invalid={e ? true : undefined}
                aria-describedby={e ? `${id}-error` : undefined}
                onChange={(ev) => set('about', { ...form.about, [loc]: ev.target.value })}
                className={inputClass}
              />
            </Field>
          );
        })}
      </Section>

      <Section>
        <Checks
          legend={t('teachingLanguages')}
          name="teachingLanguages"
          values={TEACHING_LANGUAGES}
          labels={(v) => tr(`languages.${v}` as never)}
          checked={form.teachingLanguages}
          onChange={(v) => set('teachingLanguages', v)}
          error={err('teachingLanguages')}
        />
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-4" checked={form.nativeSpeaker} onChange={(e) => set('nativeSpeaker', e.target.checked)} />
          {t('nativeSpeaker')}
        </label>
        <Checks
          legend={t('subjects')}
          name="subjects"
          values={TUTOR_SUBJECTS}
          labels={(v) => tr(`subjects.${v}` as never)}
          checked={form.subjects}
          onChange={(v) => set('subjects', v)}
          error={err('subjects')}
        />
        <Checks legend={t('levels')} name="levels" values={PROFILE_LEVELS} labels={(v) => tl(`levels.${v}` as never)} checked={form.levels} onChange={(v) => set('levels', v)} error={err('levels')} />
        <Checks legend={t('ages')} name="ages" values={PROFILE_AGES} labels={(v) => tl(`ages.${v}` as never)} checked={form.ages} onChange={(v) => set('ages', v)} error={err('ages')} />
      </Section>

      <Section>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="profile-price" label={t('price')} hint={t('priceHint', { min: view.limits.min, max: view.limits.max })} error={err('price')}>
            <input
              id="profile-price"
              type="number"
              inputMode="numeric"
              min={view.limits.min}
              max={view.limits.max}
              value={form.price}
              aria-invalid={err('price') ? true : undefined}
              aria-describedby={err('price') ? 'profile-price-error' : 'profile-price-hint'}
              onChange={(e) => set('price', e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field id="profile-experience" label={t('experience')} error={err('experienceYears')}>
            <input
              id="profile-experience"
              type="number"
              inputMode="numeric"
              min={0}
              max={60}
              value={form.experienceYears}
              aria-invalid={err('experienceYears') ? true : undefined}
              onChange={(e) => set('experienceYears', e.target.value)}
              className={inputClass}
            />
          </Field>
        </div>
        <Field id="profile-video" label={t('video')} hint={t('videoHint')} error={err('video')}>
          <input
            id="profile-video"
            type="url"
            inputMode="url"
            value={form.video}
            aria-invalid={err('video') ? true : undefined}
            aria-describedby={err('video') ? 'profile-video-error' : 'profile-video-hint'}
            onChange={(e) => set('video', e.target.value)}
            className={inputClass}
          />
        </Field>
      </Section>

      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={save} busy={busy === 'save'} disabled={busy !== null}>
          {t('save')}
        </Button>
        <Button onClick={submit} busy={busy === 'submit'} disabled={busy !== null || view.reviewStatus === 'pending'}>
          {t('submit')}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-sm" data-testid="profile-status">
        {status}
      </p>
    </div>
  );
}
