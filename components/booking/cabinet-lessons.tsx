'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { clock, dayKey, dayLabel, SCHOOL_ZONE } from './slot-times';

interface LessonRow {
  id: number;
  subject: string;
  status: 'booked' | 'cancelled' | 'held' | 'not_held';
  startsAt: string;
  with: string;
  cancellable: boolean;
  markable: boolean;
  rateable: boolean;
  noShow: 'student' | 'tutor' | 'both' | null;
  rating: number | null;
}
interface Lessons {
  upcoming: LessonRow[];
  past: LessonRow[];
}

const small = 'rounded-lg border border-brand-dark px-3 py-2 text-sm font-medium text-brand-dark hover:bg-brand-tint disabled:opacity-60';

/** The cabinet's lessons, for a student or a tutor: upcoming and past, with what each side may do. */
export function CabinetLessons() {
  const t = useTranslations('Cabinet.lessons');
  const locale = useLocale();
  const { token } = useAuthState();
  const [data, setData] = useState<Lessons | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<Lessons>('/api/lessons'))
      .then(
        (res) => live && setData(res.data),
        () => live && setMessage(t('loadFailed')),
      );
    return () => {
      live = false;
    };
  }, [token, reloads, t]);

  async function act(id: number, path: string, body: unknown, done: string) {
    setBusy(id);
    setMessage(null);
    try {
      const { api } = await import('@/lib/browser/api/client');
      await api.post(`/api/lessons/${id}/${path}`, body);
      setMessage(done);
      setReloads((n) => n + 1);
    } catch (err) {
      setMessage(apiErrorBody(err)?.message ?? t('failed'));
    } finally {
      setBusy(null);
    }
  }

  if (!token || !data) return null;
  const when = (iso: string) => `${dayLabel(dayKey(iso, SCHOOL_ZONE), locale)}, ${clock(iso, SCHOOL_ZONE)}`;
  const row = (l: LessonRow) => (
    <li key={l.id} className="rounded-xl border border-line p-4">
      <p className="font-semibold">{when(l.startsAt)}</p>
      <p className="text-sm text-muted">
        {t('with', { name: l.with })} · {t(`status_${l.status}`)}
        {l.noShow ? ` · ${t(`noShow_${l.noShow}`)}` : ''}
        {l.rating ? ` · ${t('rated', { rating: l.rating })}` : ''}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {l.cancellable ? (
          <button type="button" className={small} disabled={busy === l.id} onClick={() => void act(l.id, 'cancel', {}, t('cancelled'))}>
            {t('cancel')}
          </button>
        ) : null}
        {l.markable ? (
          <>
            <button type="button" className={small} disabled={busy === l.id} onClick={() => void act(l.id, 'mark', { outcome: 'held' }, t('marked'))}>
              {t('markHeld')}
            </button>
            <button type="button" className={small} disabled={busy === l.id} onClick={() => void act(l.id, 'mark', { outcome: 'not_held', noShow: 'student' }, t('marked'))}>
              {t('markStudentAbsent')}
            </button>
          </>
        ) : null}
        {l.rateable ? (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">{t('rateTitle')}</legend>
            <span className="text-sm">{t('rateTitle')}</span>
            {[1, 2, 3, 4, 5].map((n) => (
              <button key={n} type="button" className={small} aria-label={t('rateN', { n })} disabled={busy === l.id} onClick={() => void act(l.id, 'rate', { rating: n }, t('thanks'))}>
                {n}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
    </li>
  );
  return (
    <section aria-labelledby="cabinet-lessons" className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id="cabinet-lessons" className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('zone')}</p>
      <p aria-live="polite" className="mt-2 text-sm">
        {message}
      </p>
      <h3 className="mt-4 font-semibold">{t('upcoming')}</h3>
      {data.upcoming.length ? <ul className="mt-2 grid gap-3">{data.upcoming.map(row)}</ul> : <p className="mt-2 text-sm">{t('noneUpcoming')}</p>}
      {data.past.length ? (
        <>
          <h3 className="mt-6 font-semibold">{t('past')}</h3>
          <ul className="mt-2 grid gap-3">{data.past.map(row)}</ul>
        </>
      ) : null}
    </section>
  );
}
