'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useLocale } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { localePath } from '@/components/auth/return-path';
import { LessonLinks } from '@/components/booking/lesson-links';
import { clock, dayKey, dayLabel, SCHOOL_ZONE, weekdayName } from '@/components/booking/slot-times';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { formatTiyn } from '@/lib/tariffs';
import { GROUPS_ANCHOR } from './anchors';
import { useGroupTitle } from './group-title';

// What GET /api/cabinet/groups answers (lib/groups/catalogue.ts studentGroups, tutorGroups).
interface Card {
  id: number;
  subject: string;
  level: string;
  status: string;
  weekdays: number[];
  startTime: string;
  durationMinutes: number;
  startDate: string;
  lessonsLeft: number;
  nextLessonAt: string | null;
  tutor: { name: string };
  maxSeats: number;
}
interface StudentGroup {
  group: Card;
  seat: { id: number; status: 'held' | 'paid'; lessons: number; perLessonTiyn: number; amountTiyn: number; heldUntil: string | null; offer: boolean; leaveRefundTiyn: number | null };
  upcoming: { id: number; startsAt: string; endsAt: string; room: string; ics: string }[];
}
interface Waiting {
  groupId: number;
  subject: string;
  level: string;
  position: number;
  status: string;
  offeredUntil: string | null;
}
interface TutorGroup extends Card {
  /** The level of each student's latest report, or null (the group's level is shown). */
  roster: { studentId: number; name: string; level: string | null }[];
}
type Data = { groups: StudentGroup[]; waitlist: Waiting[] } | { tutorGroups: TutorGroup[] };

const small = 'inline-flex min-h-11 items-center rounded-lg border border-brand-dark px-3 py-2 text-sm font-medium text-brand-dark hover:bg-brand-tint disabled:opacity-60';
const link = 'font-semibold text-brand-dark underline';
/** How many of a group's lessons ahead the cabinet lists (the rest are in the calendar file). */
const SHOWN = 3;

/**
 * "My groups" in the cabinet. A student: each group with its next lessons and the room, the seat
 * (lessons paid, price), leaving with the refund shown before confirming, a held seat or the
 * waitlist's offer with its deadline and the way to pay, waiting list places. A tutor: their
 * groups with the schedule, the next lesson and the roster (first names and levels).
 */
export function CabinetGroups() {
  const t = useTranslations('Cabinet.groups');
  const title = useGroupTitle();
  const locale = useLocale();
  const { token } = useAuthState();
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((n) => n + 1);

  useEffect(() => {
    if (!token) return;
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<Data>('/api/cabinet/groups'))
      .then(
        (res) => {
          if (!live) return;
          setData(res.data);
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [token, reloads]);

  // Sent here by a link to the section (the group page's "you are in this group", the return page
  // after a seat's payment): the section appears only once its data has come, after the browser
  // looked for the anchor, so it is scrolled to then, once.
  const scrolled = useRef(false);
  useEffect(() => {
    if (!data || scrolled.current || window.location.hash !== `#${GROUPS_ANCHOR}`) return;
    scrolled.current = true;
    document.getElementById(GROUPS_ANCHOR)?.scrollIntoView();
  }, [data]);

  async function act(groupId: number, call: (api: (typeof import('@/lib/browser/api/client'))['api']) => Promise<string>) {
    setBusy(groupId);
    setMessage(null);
    try {
      const { api } = await import('@/lib/browser/api/client');
      setMessage(await call(api));
      setConfirming(null);
      reload();
    } catch (err) {
      setMessage(apiErrorBody(err)?.message ?? t('failed'));
    } finally {
      setBusy(null);
    }
  }

  if (!token) return null;
  const when = (iso: string) => `${dayLabel(dayKey(iso, SCHOOL_ZONE), locale)}, ${clock(iso, SCHOOL_ZONE)}`;
  const schedule = (g: Card) => t('schedule', { days: g.weekdays.map((d) => weekdayName(d, locale)).join(', '), time: g.startTime, minutes: g.durationMinutes });
  const money = (tiyn: number) => formatTiyn(tiyn, locale);

  const tutorView = data && 'tutorGroups' in data;
  // A tutor without groups sees nothing here (most tutors teach one-on-one only).
  if (tutorView && data.tutorGroups.length === 0) return null;

  return (
    <section aria-labelledby={GROUPS_ANCHOR} className="rounded-2xl border border-line bg-white p-5 sm:p-6" data-testid="cabinet-groups">
      <h2 id={GROUPS_ANCHOR} className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('zone')}</p>
      <p aria-live="polite" className="mt-2 text-sm" data-testid="cabinet-groups-message">
        {message}
      </p>
      {failed ? (
        <div role="alert" className="mt-2">
          <p className="text-sm text-danger">{t('loadFailed')}</p>
          <button type="button" className={`${small} mt-2`} onClick={() => {
              setFailed(false);
              reload();
            }}>
            {t('retry')}
          </button>
        </div>
      ) : !data ? (
        <p role="status" className="mt-2 text-sm text-muted">
          {t('loading')}
        </p>
      ) : 'tutorGroups' in data ? (
        <ul className="mt-3 grid gap-3">
          {data.tutorGroups.map((g) => (
            <li key={g.id} className="rounded-xl border border-line p-4" data-testid="tutor-group">
              <h3 className="font-semibold">{title(g)}</h3>
              <p className="text-sm">{schedule(g)}</p>
              <p className="text-sm text-muted">
                {g.nextLessonAt ? t('next', { when: when(g.nextLessonAt) }) : t('noneAhead')} · {t('lessonsLeft', { count: g.lessonsLeft })}
              </p>
              <h4 className="mt-3 text-sm font-semibold">{t('roster', { count: g.roster.length, max: g.maxSeats })}</h4>
              {g.roster.length ? (
                <ul className="mt-1 flex flex-wrap gap-2 text-sm">
                  {g.roster.map((s) => (
                    <li key={s.studentId} className="rounded-full bg-brand-tint px-3 py-1">
                      {s.name} · {s.level ?? g.level}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-muted">{t('rosterEmpty')}</p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <>
          {data.groups.length === 0 && data.waitlist.length === 0 && (
            <p className="mt-2 text-sm">
              {t('empty')}{' '}
              <Link href="/groups" className={link}>
                {t('find')}
              </Link>
            </p>
          )}
          {data.groups.length > 0 && (
            <ul className="mt-3 grid gap-3">
              {data.groups.map(({ group: g, seat, upcoming }) => (
                <li key={seat.id} className="rounded-xl border border-line p-4" data-testid="student-group">
                  <h3 className="font-semibold">{title(g)}</h3>
                  <p className="text-sm">{schedule(g)}</p>
                  <p className="text-sm text-muted">{t('tutor', { name: g.tutor.name })}</p>
                  {seat.status === 'held' ? (
                    <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm" data-testid="group-offer">
                      <p className="font-medium">{seat.offer ? t('offer', { until: seat.heldUntil ? when(seat.heldUntil) : '' }) : t('held', { until: seat.heldUntil ? when(seat.heldUntil) : '' })}</p>
                      <p className="mt-1">{t('seatPrice', { count: seat.lessons, price: money(seat.perLessonTiyn), total: money(seat.amountTiyn) })}</p>
                      {/* A whole page load, not the router's: the checkout's own policy lets the bank's script in (this page's does not). */}
                      <a href={localePath(locale, `/checkout?group=${g.id}&hold=1`)} className={`${small} mt-2`}>
                        {t('pay')}
                      </a>
                    </div>
                  ) : (
                    <>
                      <p className="mt-2 text-sm">{t('seatPrice', { count: seat.lessons, price: money(seat.perLessonTiyn), total: money(seat.amountTiyn) })}</p>
                      {upcoming.length ? (
                        <ul className="mt-2 grid gap-2">
                          {upcoming.slice(0, SHOWN).map((l) => (
                            <li key={l.id} className="text-sm">
                              <span className="font-medium">{when(l.startsAt)}</span>
                              <LessonLinks links={l} labels={{ join: t('join'), calendar: t('calendar') }} testId="group-lesson" className="mt-1" />
                            </li>
                          ))}
                          {upcoming.length > SHOWN && <li className="text-sm text-muted">{t('more', { count: upcoming.length - SHOWN })}</li>}
                        </ul>
                      ) : (
                        <p className="mt-2 text-sm text-muted">{t('noneAhead')}</p>
                      )}
                      {seat.leaveRefundTiyn === null ? (
                        <p className="mt-3 text-xs text-muted">{t('companySeat')}</p>
                      ) : confirming === g.id ? (
                        <div role="alertdialog" aria-labelledby={`leave-${g.id}`} aria-describedby={`leave-${g.id}-text`} className="mt-3 rounded-lg bg-amber-50 p-3">
                          <p id={`leave-${g.id}`} className="text-sm font-medium">
                            {t('leaveTitle')}
                          </p>
                          <p id={`leave-${g.id}-text`} className="mt-1 text-sm" data-testid="leave-refund">
                            {seat.leaveRefundTiyn > 0 ? t('leaveRefund', { amount: money(seat.leaveRefundTiyn) }) : t('leaveNothing')}
                          </p>
                          <div className="mt-2 flex flex-wrap gap-2">
                            <button
                              type="button"
                              className={small}
                              disabled={busy === g.id}
                              aria-busy={busy === g.id}
                              onClick={() =>
                                void act(g.id, async (api) => {
                                  const res = await api.post<{ refund: { amountTiyn: number } | null }>(`/api/groups/${g.id}/leave`, {});
                                  return res.data.refund ? t('leftRefund', { amount: money(res.data.refund.amountTiyn) }) : t('left');
                                })
                              }
                            >
                              {t('leaveYes')}
                            </button>
                            <button type="button" className={small} onClick={() => setConfirming(null)}>
                              {t('leaveNo')}
                            </button>
                          </div>
                        </div>
                      ) : (
                        <button type="button" className={`${small} mt-3`} onClick={() => setConfirming(g.id)}>
                          {t('leave')}
                        </button>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          {data.waitlist.length > 0 && (
            <>
              <h3 className="mt-5 font-semibold">{t('waitlist')}</h3>
              <ul className="mt-2 grid gap-2">
                {data.waitlist.map((w) => (
                  <li key={w.groupId} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line p-3 text-sm" data-testid="group-waitlist">
                    <span>
                      <Link href={`/groups/${w.groupId}`} className={link}>
                        {title(w)}
                      </Link>
                      {' · '}
                      {w.status === 'offered' && w.offeredUntil ? t('offerUntil', { until: when(w.offeredUntil) }) : t('position', { position: w.position })}
                    </span>
                    <span className="flex flex-wrap gap-2">
                      {w.status === 'offered' && (
                        <a href={localePath(locale, `/checkout?group=${w.groupId}&hold=1`)} className={small}>
                          {t('pay')}
                        </a>
                      )}
                      <button
                        type="button"
                        className={small}
                        disabled={busy === w.groupId}
                        onClick={() =>
                          void act(w.groupId, async (api) => {
                            await api.delete(`/api/groups/${w.groupId}/waitlist`);
                            return t('waitlistLeft');
                          })
                        }
                      >
                        {t('waitlistLeave')}
                        <span className="sr-only">: {title(w)}</span>
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
