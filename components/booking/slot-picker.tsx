'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { restoreSession } from '@/components/auth/restore-session';
import { localePath, rememberReturnPath } from '@/components/auth/return-path';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { GUEST_HOLD_MINUTES } from '@/lib/validations/booking';
import { LessonLinks } from './lesson-links';
import { bookingPath, clearPending, newIdempotencyKey, readPending, savePending } from './pending';
import { browserZone, clock, dayKey, dayLabel, localClock, SCHOOL_ZONE } from './slot-times';

interface SlotsAnswer {
  subject: string | null;
  lessonMinutes: number;
  cancelDeadlineHours: number;
  slots: string[];
}
type Booked = { id: number; startsAt: string; links?: { room: string; ics: string }; emailed?: boolean };

async function fetchSlots(tutorId: number, locale: string): Promise<SlotsAnswer> {
  const res = await fetch(`/api/booking/slots?tutorId=${tutorId}`, { headers: { 'Accept-Language': locale } });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as SlotsAnswer;
}

const button = 'rounded-xl bg-brand-dark px-5 py-3 font-medium text-white hover:bg-[#005a9c] disabled:opacity-60';
const secondary = 'rounded-xl border border-brand-dark px-5 py-3 font-medium text-brand-dark hover:bg-brand-tint';

/**
 * The student's slot picker for one tutor (issue 14): the free trial slots of the coming weeks by
 * day, in Almaty time and, when it differs, the browser's; the cancel deadline before booking. A
 * signed-in student books at once; a visitor gets the slot held for a few minutes and goes to sign
 * in or register, and comes back to the same slot (components/booking/pending.ts).
 */
export function SlotPicker({ tutorId, initialSlot }: { tutorId: number; initialSlot?: string }) {
  const t = useTranslations('Booking');
  const locale = useLocale();
  const id = useId();
  const { checked, token } = useAuthState();
  const [data, setData] = useState<SlotsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  // A booking started before signing in comes back selected, with its hold and key. Read in the
  // browser only; what depends on it renders after the slots load, never at hydration.
  const [pending] = useState(() => {
    const p = typeof window === 'undefined' ? null : readPending();
    return p && p.tutorId === tutorId ? p : null;
  });
  const [chosen, setChosen] = useState<string | null>(pending?.startsAt ?? null);
  const [held, setHeld] = useState<{ holdToken: string; expiresAt: string; key: string } | null>(
    pending?.holdToken && pending.expiresAt ? { holdToken: pending.holdToken, expiresAt: pending.expiresAt, key: pending.idempotencyKey } : null,
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const [needSignIn, setNeedSignIn] = useState(false);
  const key = useRef<string>(pending?.idempotencyKey ?? newIdempotencyKey());
  const zone = useMemo(() => browserZone(), []);

  const [reloads, setReloads] = useState(0);
  const load = () => setReloads((n) => n + 1);

  useEffect(() => {
    let live = true;
    void restoreSession();
    fetchSlots(tutorId, locale).then(
      (body) => {
        if (!live) return;
        setFailed(false);
        setData(body);
        // The slot picked on the tutor's page, if nothing is pending and it is still free.
        if (initialSlot && body.slots.includes(initialSlot)) setChosen((c) => c ?? initialSlot);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [tutorId, locale, reloads, initialSlot]);

  const days = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const s of data?.slots ?? []) {
      const k = dayKey(s, SCHOOL_ZONE);
      map.set(k, [...(map.get(k) ?? []), s]);
    }
    return [...map.entries()];
  }, [data]);

  async function book() {
    if (!chosen || !data) return;
    setBusy(true);
    setMessage(null);
    try {
      const { api } = await import('@/lib/browser/api/client');
      if (!token) {
        // Not signed in: hold the slot, remember the way back, then sign in or register. When the
        // tutor has too many visitors' holds (409 holds_busy), the way back is kept without a hold:
        // the slot comes back chosen and is booked if it is still free.
        const pendingOf = (hold: { holdToken: string; expiresAt: string } | null) => ({ tutorId, startsAt: chosen, subject: data.subject ?? 'english', holdToken: hold?.holdToken ?? null, expiresAt: hold?.expiresAt ?? null, idempotencyKey: key.current });
        try {
          const res = await api.post<{ holdToken: string; expiresAt: string }>('/api/booking/hold', { tutorId, startsAt: chosen });
          savePending(pendingOf(res.data));
          setHeld({ holdToken: res.data.holdToken, expiresAt: res.data.expiresAt, key: key.current });
        } catch (err) {
          const body = apiErrorBody(err);
          if (body?.code !== 'holds_busy') throw err;
          savePending(pendingOf(null));
          setHeld(null);
          setMessage(body.message);
        }
        rememberReturnPath(localePath(locale, bookingPath(tutorId)));
        setNeedSignIn(true);
        return;
      }
      const res = await api.post<{ lesson: Booked; links: { room: string; ics: string }; emailed: boolean }>('/api/booking/book', {
        tutorId,
        startsAt: chosen,
        subject: data.subject ?? 'english',
        idempotencyKey: key.current,
        holdToken: held?.holdToken,
      });
      clearPending();
      setBooked({ ...res.data.lesson, links: res.data.links, emailed: res.data.emailed });
    } catch (err) {
      const body = apiErrorBody(err);
      setMessage(body?.message ?? t('failed'));
      if (body?.code === 'slot_taken' || body?.code === 'slot_unavailable') {
        clearPending();
        setHeld(null);
        setChosen(null);
        key.current = newIdempotencyKey();
        load();
      }
    } finally {
      setBusy(false);
    }
  }

  const when = (iso: string) => {
    const mine = localClock(iso, zone);
    return `${dayLabel(dayKey(iso, SCHOOL_ZONE), locale)}, ${clock(iso, SCHOOL_ZONE)} ${t('almaty')}${mine ? ` · ${t('yourTime', { time: mine })}` : ''}`;
  };

  if (booked) {
    return (
      <div role="status" data-testid="booking-done" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h2 className="text-xl font-bold">{t('bookedTitle')}</h2>
        <p className="mt-2 text-base">{when(booked.startsAt)}</p>
        {/* What was really sent: an SMS with the lesson's link; a mail only to a confirmed address. */}
        <p className="mt-2 text-sm text-muted">{booked.emailed ? t('bookedSentBoth') : t('bookedSentSms')}</p>
        {booked.links ? <LessonLinks links={booked.links} labels={{ join: t('bookedJoin'), calendar: t('bookedCalendar') }} testId="booked" className="mt-3" /> : null}
        <Link href="/cabinet" className={`${button} mt-4 inline-block`}>
          {t('toLessons')}
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      {failed ? (
        <p role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className="underline" onClick={() => void load()}>
            {t('retry')}
          </button>
        </p>
      ) : !data ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {t('zoneNote')}
            {zone !== SCHOOL_ZONE ? ` ${t('zoneMine', { zone })}` : ''}
          </p>
          {days.length === 0 && !held ? <p>{t('noSlots')}</p> : null}
          <div className="grid gap-5">
            {days.map(([day, slots]) => (
              <fieldset key={day} className="min-w-0">
                <legend className="mb-2 font-semibold">{dayLabel(day, locale)}</legend>
                <div className="flex flex-wrap gap-2">
                  {slots.map((s) => {
                    const mine = localClock(s, zone);
                    return (
                      <label key={s} className="cursor-pointer">
                        <input type="radio" name={`${id}-slot`} value={s} checked={chosen === s} onChange={() => setChosen(s)} className="peer sr-only" />
                        <span className="inline-flex min-h-11 min-w-20 flex-col items-center justify-center rounded-xl border border-line px-3 py-2 text-base peer-checked:border-brand-dark peer-checked:bg-brand-tint peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-dark">
                          <span>{clock(s, SCHOOL_ZONE)}</span>
                          {mine ? <span className="text-xs text-muted">{t('yourTime', { time: mine })}</span> : null}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
          {/* The chosen time and the button stay in view at the bottom of a phone's screen while the
              weeks of slots scroll past (journey D: the button was ~2 300 px down). */}
          <div className="sticky bottom-0 z-10 rounded-2xl border border-line bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] sm:static sm:p-5 sm:shadow-none" aria-live="polite" data-testid="booking-panel">
            {chosen ? <p className="font-semibold">{t('chosen', { when: when(chosen) })}</p> : <p>{t('chooseHint')}</p>}
            <p className="mt-2 text-sm text-muted">{t('deadlineNote', { hours: data.cancelDeadlineHours, minutes: data.lessonMinutes })}</p>
            {needSignIn ? (
              <div className="mt-4">
                <p>{held ? t('heldNote', { minutes: GUEST_HOLD_MINUTES }) : t('notHeldNote')}</p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <Link href={`/stud-sign-up?next=${encodeURIComponent(localePath(locale, bookingPath(tutorId)))}`} className={button}>
                    {t('register')}
                  </Link>
                  <Link href={`/sign-in?next=${encodeURIComponent(localePath(locale, bookingPath(tutorId)))}`} className={secondary}>
                    {t('signIn')}
                  </Link>
                </div>
              </div>
            ) : (
              <button type="button" className={`${button} mt-4`} disabled={!chosen || busy || !checked} onClick={() => void book()}>
                {busy ? t('booking') : token && held ? t('confirm') : t('book')}
              </button>
            )}
            {message ? (
              <p role="alert" className="mt-3 text-danger">
                {message}
              </p>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
