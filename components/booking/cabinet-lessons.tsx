'use client';

import { useEffect, useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import { useGroupTitle } from '@/components/cabinet/group-title';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { LessonLinks } from './lesson-links';
import { LESSONS_CHANGED } from './paid-booking';
import { clock, dayKey, dayLabel, SCHOOL_ZONE } from './slot-times';

interface LessonRow {
  id: number;
  tutorId: number;
  subject: string;
  status: 'booked' | 'cancelled' | 'held' | 'not_held';
  startsAt: string;
  with: string;
  withRole: 'tutor' | 'student';
  kind: 'trial' | 'paid' | 'group';
  /** A group lesson: its group and how many students sat in it (the other person is then its tutor, or none). */
  group: { id: number; subject: string; level: string; students: number } | null;
  packageId: number | null;
  /** Booked from the employer's lessons: the student's roster row. */
  employeeId: number | null;
  deadlineHours: number;
  cancellable: boolean;
  stands: boolean;
  lateCancellable: boolean;
  markable: boolean;
  rateable: boolean;
  noShow: 'student' | 'tutor' | 'both' | null;
  rating: number | null;
  /** The lesson's record page (chat, notes, words, board, report) once it has started. */
  record: string | null;
  /** The level of the tutor's report, when one was filed. */
  reportLevel: string | null;
  /** The way into a booked lesson and its calendar file, until it has ended. */
  links: { room: string; ics: string } | null;
}
interface Lessons {
  upcoming: LessonRow[];
  past: LessonRow[];
  deadlineHours: number;
}
/** The lesson being moved: the tutor's free slots (null while loading) and the chosen one. */
interface Moving {
  id: number;
  slots: string[] | null;
  pick: string;
}

const small = 'rounded-lg border border-brand-dark px-3 py-2 text-sm font-medium text-brand-dark hover:bg-brand-tint disabled:opacity-60';

/** The cabinet's lessons, for a student or a tutor: upcoming and past, with what each side may do. */
export function CabinetLessons() {
  const t = useTranslations('Cabinet.lessons');
  const groupTitle = useGroupTitle();
  const locale = useLocale();
  const { token } = useAuthState();
  const [data, setData] = useState<Lessons | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const [moving, setMoving] = useState<Moving | null>(null);
  /** The lesson whose cancellation waits for "yes" (a cancel is never one click). */
  const [confirming, setConfirming] = useState<number | null>(null);
  /** The lesson whose attendance the tutor is correcting (the outcome and the reason asked first). */
  const [correcting, setCorrecting] = useState<{ id: number; outcome: 'held' | 'student' | 'tutor'; reason: string } | null>(null);
  /** The rating being given: its stars and the optional comment. */
  const [rating, setRating] = useState<{ id: number; n: number; comment: string } | null>(null);
  const pickId = useId();

  useEffect(() => {
    // Paid lessons booked from a package elsewhere in the cabinet.
    const reload = () => setReloads((n) => n + 1);
    window.addEventListener(LESSONS_CHANGED, reload);
    return () => window.removeEventListener(LESSONS_CHANGED, reload);
  }, []);

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
      setMoving(null);
      setCorrecting(null);
      setRating(null);
      setReloads((n) => n + 1);
    } catch (err) {
      setMessage(apiErrorBody(err)?.message ?? t('failed'));
      // Past the deadline the list now shows that the lesson stands.
      setMoving(null);
      setReloads((n) => n + 1);
    } finally {
      setBusy(null);
    }
  }

  async function startMove(l: LessonRow) {
    setMoving({ id: l.id, slots: null, pick: '' });
    setMessage(null);
    try {
      const { api } = await import('@/lib/browser/api/client');
      // A paid lesson moves to the tutor's free 50-minute slots within its package's validity.
      // A lesson from the employer's lessons, to the tutor's free 50-minute slots too.
      const res = await api.get<{ slots: string[] }>(
        l.packageId ? `/api/booking/paid?packageId=${l.packageId}` : l.employeeId ? `/api/booking/pool?employeeId=${l.employeeId}&tutorId=${l.tutorId}` : `/api/booking/slots?tutorId=${l.tutorId}`,
      );
      setMoving((m) => (m && m.id === l.id ? { ...m, slots: res.data.slots, pick: res.data.slots[0] ?? '' } : m));
    } catch (err) {
      setMoving(null);
      setMessage(apiErrorBody(err)?.message ?? t('failed'));
    }
  }

  if (!token || !data) return null;
  const byDay = (slots: string[]) => {
    const groups = new Map<string, string[]>();
    for (const s of slots) groups.set(dayKey(s, SCHOOL_ZONE), [...(groups.get(dayKey(s, SCHOOL_ZONE)) ?? []), s]);
    return [...groups.entries()];
  };
  const picker = (l: LessonRow) => {
    if (!moving || moving.id !== l.id) return null;
    if (!moving.slots) return <p className="mt-3 text-sm">{t('rescheduleLoading')}</p>;
    const days = byDay(moving.slots);
    return (
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {moving.slots.length ? (
          <>
            {/* A day, then a time of that day: two short lists rather than one of seventy (journey D). */}
            <label htmlFor={`${pickId}-${l.id}-day`} className="grid gap-1 text-sm">
              {t('rescheduleDay')}
              <select
                id={`${pickId}-${l.id}-day`}
                className="max-w-full rounded-lg border border-line bg-white px-2 py-2 text-base"
                value={moving.pick ? dayKey(moving.pick, SCHOOL_ZONE) : ''}
                onChange={(e) => setMoving({ ...moving, pick: days.find(([day]) => day === e.target.value)?.[1][0] ?? '' })}
              >
                {days.map(([day]) => (
                  <option key={day} value={day}>
                    {dayLabel(day, locale)}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor={`${pickId}-${l.id}`} className="grid gap-1 text-sm">
              {t('rescheduleTitle')}
              <select
                id={`${pickId}-${l.id}`}
                className="max-w-full rounded-lg border border-line bg-white px-2 py-2 text-base"
                value={moving.pick}
                onChange={(e) => setMoving({ ...moving, pick: e.target.value })}
              >
                {(days.find(([day]) => moving.pick && day === dayKey(moving.pick, SCHOOL_ZONE))?.[1] ?? []).map((s) => (
                  <option key={s} value={s}>
                    {clock(s, SCHOOL_ZONE)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className={small} disabled={busy === l.id || !moving.pick} onClick={() => void act(l.id, 'reschedule', { startsAt: moving.pick }, t('rescheduled'))}>
              {t('rescheduleConfirm')}
            </button>
          </>
        ) : (
          <p className="text-sm">{t('rescheduleNone')}</p>
        )}
        <button type="button" className={small} onClick={() => setMoving(null)}>
          {t('rescheduleClose')}
        </button>
      </div>
    );
  };
  const when = (iso: string) => `${dayLabel(dayKey(iso, SCHOOL_ZONE), locale)}, ${clock(iso, SCHOOL_ZONE)}`;
  const row = (l: LessonRow) => (
    <li key={l.id} className="rounded-xl border border-line p-4">
      <p className="font-semibold">{when(l.startsAt)}</p>
      <p className="text-sm text-muted" data-testid={l.group ? 'group-lesson-line' : undefined}>
        {l.group ? `${t('group', { group: groupTitle(l.group) })} · ` : ''}
        {l.group && l.withRole === 'student' ? t('groupStudents', { count: l.group.students }) : t(l.withRole === 'tutor' ? 'withTutor' : 'withStudent', { name: l.with || '—' })} · {t(`status_${l.status}`)}
        {l.noShow ? ` · ${t(`noShow_${l.noShow}`)}` : ''}
        {l.rating ? ` · ${t('rated', { rating: l.rating })}` : ''}
        {l.employeeId ? ` · ${t('fromEmployer')}` : ''}
      </p>
      {l.cancellable ? <p className="mt-1 text-sm text-muted">{t(l.kind === 'paid' ? 'deadlinePaid' : 'deadline', { hours: l.deadlineHours })}</p> : null}
      {l.stands ? <p className="mt-1 text-sm font-medium">{t(l.lateCancellable ? 'standsPaid' : 'stands', { hours: l.deadlineHours })}</p> : null}
      {l.links ? <LessonLinks links={l.links} labels={{ join: t('join'), calendar: t('calendar') }} testId="lesson" /> : null}
      {l.record ? (
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
          <a href={l.record} className="font-semibold text-brand-dark underline" data-testid="lesson-record-link">
            {t('record')}
          </a>
          <span className="text-muted">
            {l.reportLevel ? t('reportLevel', { level: l.reportLevel }) : l.status === 'not_held' ? null : l.withRole === 'student' ? t('reportWrite') : t('reportDue')}
          </span>
        </p>
      ) : null}
      {confirming === l.id ? (
        <div role="alertdialog" aria-labelledby={`confirm-${l.id}`} className="mt-3 rounded-lg bg-amber-50 p-3">
          <p id={`confirm-${l.id}`} className="text-sm font-medium">
            {t(l.lateCancellable ? 'cancelConfirmLate' : l.kind === 'paid' ? 'cancelConfirmPaid' : 'cancelConfirm')}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={small}
              disabled={busy === l.id}
              onClick={() => {
                setConfirming(null);
                void act(l.id, 'cancel', {}, t('cancelled'));
              }}
            >
              {t('cancelYes')}
            </button>
            <button type="button" className={small} onClick={() => setConfirming(null)}>
              {t('cancelNo')}
            </button>
          </div>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {l.cancellable ? (
          <>
            <button type="button" className={small} disabled={busy === l.id || confirming === l.id} onClick={() => setConfirming(l.id)}>
              {t('cancel')}
            </button>
            {moving?.id !== l.id ? (
              <button type="button" className={small} disabled={busy === l.id} onClick={() => void startMove(l)}>
                {t('reschedule')}
              </button>
            ) : null}
          </>
        ) : null}
        {l.lateCancellable ? (
          <button type="button" className={small} disabled={busy === l.id || confirming === l.id} onClick={() => setConfirming(l.id)}>
            {t('cancel')}
          </button>
        ) : null}
        {l.markable && correcting?.id !== l.id ? (
          <button type="button" className={small} disabled={busy === l.id} onClick={() => setCorrecting({ id: l.id, outcome: l.status === 'held' ? 'student' : 'held', reason: '' })}>
            {l.status === 'booked' ? t('mark') : t('correct')}
          </button>
        ) : null}
      </div>
      {correcting?.id === l.id ? (
        <form
          className="mt-3 grid gap-2 rounded-lg bg-slate-50 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            const body = correcting.outcome === 'held' ? { outcome: 'held' } : { outcome: 'not_held', noShow: correcting.outcome };
            void act(l.id, 'mark', { ...body, reason: correcting.reason }, t('marked'));
          }}
        >
          <p className="text-sm">{t('correctLead')}</p>
          <label htmlFor={`${pickId}-outcome-${l.id}`} className="grid gap-1 text-sm">
            {t('correctOutcome')}
            <select
              id={`${pickId}-outcome-${l.id}`}
              className="rounded-lg border border-line bg-white px-2 py-2 text-base"
              value={correcting.outcome}
              onChange={(e) => setCorrecting({ ...correcting, outcome: e.target.value as 'held' | 'student' | 'tutor' })}
            >
              <option value="held">{t('markHeld')}</option>
              <option value="student">{t('markStudentAbsent')}</option>
              <option value="tutor">{t('markTutorAbsent')}</option>
            </select>
          </label>
          <label htmlFor={`${pickId}-reason-${l.id}`} className="grid gap-1 text-sm">
            {t('correctReason')}
            <textarea
              id={`${pickId}-reason-${l.id}`}
              required
              minLength={3}
              maxLength={500}
              rows={2}
              className="rounded-lg border border-line bg-white px-2 py-2 text-base"
              value={correcting.reason}
              onChange={(e) => setCorrecting({ ...correcting, reason: e.target.value })}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={small} disabled={busy === l.id || correcting.reason.trim().length < 3}>
              {t('correctSave')}
            </button>
            <button type="button" className={small} onClick={() => setCorrecting(null)}>
              {t('rescheduleClose')}
            </button>
          </div>
        </form>
      ) : null}
      {picker(l)}
    </li>
  );
  return (
    <section aria-labelledby="cabinet-lessons" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id="cabinet-lessons" className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('zone')}</p>
      <p aria-live="polite" className="mt-2 text-sm">
        {message}
      </p>
      {data.past
        .filter((l) => l.rateable)
        .map((l) => (
          <form
            key={`rate-${l.id}`}
            id={`rate-${l.id}`}
            aria-labelledby={`rate-title-${l.id}`}
            className="mt-4 grid gap-3 rounded-xl border-2 border-brand bg-brand-tint p-4"
            data-testid="rate-prompt"
            onSubmit={(e) => {
              e.preventDefault();
              if (rating?.id === l.id && rating.n) void act(l.id, 'rate', { rating: rating.n, ...(rating.comment.trim() ? { comment: rating.comment.trim() } : {}) }, t('thanks'));
            }}
          >
            <h3 id={`rate-title-${l.id}`} className="font-semibold">
              {t('rateAsk', { name: l.with || '—', date: when(l.startsAt) })}
            </h3>
            <fieldset className="flex flex-wrap items-center gap-2">
              <legend className="mb-1 text-sm">{t('rateTitle')}</legend>
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  className={`${small} ${rating?.id === l.id && rating.n === n ? 'bg-brand-dark text-white hover:bg-brand-dark' : ''}`}
                  aria-label={t('rateN', { n })}
                  aria-pressed={rating?.id === l.id && rating.n === n}
                  onClick={() => setRating({ id: l.id, n, comment: rating?.id === l.id ? rating.comment : '' })}
                >
                  {n}
                </button>
              ))}
            </fieldset>
            <label htmlFor={`${pickId}-comment-${l.id}`} className="grid gap-1 text-sm">
              {t('rateComment')}
              <textarea
                id={`${pickId}-comment-${l.id}`}
                maxLength={500}
                rows={2}
                className="rounded-lg border border-line bg-white px-2 py-2 text-base"
                value={rating?.id === l.id ? rating.comment : ''}
                onChange={(e) => setRating({ id: l.id, n: rating?.id === l.id ? rating.n : 0, comment: e.target.value })}
              />
            </label>
            <div>
              <button type="submit" className={small} disabled={busy === l.id || rating?.id !== l.id || !rating.n}>
                {t('rateSend')}
              </button>
            </div>
          </form>
        ))}
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
