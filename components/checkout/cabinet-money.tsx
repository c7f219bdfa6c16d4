'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { schoolLongDate } from '@/lib/time/school-clock';
import { clock, SCHOOL_ZONE } from '@/components/booking/slot-times';
import { formatTenge } from '@/lib/tariffs';
import type { PackageView, PaymentView } from '@/lib/payments/cabinet';
import type { EmployerView } from '@/lib/payments/employer';
import type { RefundPreview } from '@/lib/payments/refunds';
import { LESSONS_CHANGED, PaidBooking } from '@/components/booking/paid-booking';
import { EmployerLessons } from './employer-lessons';
import { EMPLOYER_LINKED } from './employer-invite-claim';

/** A booked lesson's day and time on the school's clock: «4 декабря 2026 г., 19:00». */
function when(iso: string, locale = 'ru'): string {
  return `${schoolLongDate(iso, locale)}, ${clock(iso, SCHOOL_ZONE)}`;
}

/**
 * The cabinet's packages and payments (students): lessons left of each package and until when it
 * is valid, from the ledger; the payments with their status; the lessons an employer gave the
 * student (components/checkout/employer-lessons.tsx). Subject and plan names come as props.
 */
export function CabinetMoney({ subjects, plans }: { subjects: Record<string, string>; plans: Record<string, string> }) {
  const t = useTranslations('Cabinet.money');
  const locale = useLocale();
  const { token } = useAuthState();
  const [data, setData] = useState<{ packages: PackageView[]; payments: PaymentView[]; employers?: EmployerView[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  /** The package whose refund waits for "yes" (a refund is never one click), with what it would do. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const [preview, setPreview] = useState<RefundPreview | 'loading' | null>(null);

  async function askRefund(p: PackageView) {
    setConfirming(p.id);
    setPreview('loading');
    setMessage(null);
    try {
      const { api } = await import('@/lib/browser/api/client');
      setPreview((await api.get<RefundPreview>(`/api/cabinet/packages/${p.id}/refund`)).data);
    } catch (err) {
      setConfirming(null);
      setPreview(null);
      setMessage(apiErrorBody(err)?.message ?? t('refundFailed'));
    }
  }
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** The package whose booking panel is open (`?book=<id>` opens it, from the tutor's page). */
  const [booking, setBooking] = useState<number | null>(null);

  async function refund(p: PackageView) {
    setBusy(true);
    setMessage(null);
    try {
      const { api } = await import('@/lib/browser/api/client');
      const res = await api.post<{ refund: { amountTiyn: number; lessons: number; dueBy: string; status: string } }>(`/api/cabinet/packages/${p.id}/refund`, {});
      const r = res.data.refund;
      const amount = formatTenge(Math.round(r.amountTiyn / 100), locale);
      setMessage(r.status === 'review' ? t('refundReview', { amount, lessons: r.lessons }) : t('refundRequested', { amount, lessons: r.lessons, date: schoolLongDate(r.dueBy, locale) }));
      setConfirming(null);
      setPreview(null);
      window.dispatchEvent(new Event(LESSONS_CHANGED));
      setReloads((n) => n + 1);
    } catch (err) {
      setMessage(apiErrorBody(err)?.message ?? t('refundFailed'));
    } finally {
      setBusy(false);
    }
  }

  // An invitation to the employer's lessons taken in this tab (components/checkout/employer-invite-claim.tsx).
  useEffect(() => {
    const reload = () => setReloads((n) => n + 1);
    window.addEventListener(EMPLOYER_LINKED, reload);
    return () => window.removeEventListener(EMPLOYER_LINKED, reload);
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<{ packages: PackageView[]; payments: PaymentView[]; employers?: EmployerView[] }>('/api/cabinet/payments'))
      .then(
        (res) => {
          if (!live) return;
          setData(res.data);
          const asked = Number(new URLSearchParams(window.location.search).get('book'));
          if (Number.isInteger(asked) && asked > 0) setBooking((b) => b ?? asked);
        },
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [token, reloads]);

  if (!token) return null;
  return (
    <section id="cabinet-money" aria-labelledby="cabinet-money-title" className="mt-10" data-testid="cabinet-money">
      <h2 id="cabinet-money-title" className="text-2xl font-bold">
        {t('title')}
      </h2>
      {failed && <p role="alert">{t('loadFailed')}</p>}
      <div role="status" aria-live="polite">
        {message && <p className="mt-3">{message}</p>}
      </div>
      {data?.employers && (
        <EmployerLessons
          employers={data.employers}
          subjects={subjects}
          onBooked={() => {
            setReloads((n) => n + 1);
            window.dispatchEvent(new Event(LESSONS_CHANGED));
          }}
        />
      )}
      {data && data.packages.length === 0 && (data.employers ?? []).length === 0 && (
        <p className="mt-3 text-muted">
          {t('none')}{' '}
          <Link href="/tutors" className="text-brand-dark underline">
            {t('toCatalogue')}
          </Link>
        </p>
      )}
      {data && data.packages.length > 0 && (
        <ul className="mt-4 space-y-3">
          {data.packages.map((p) => (
            <li key={p.id} className="rounded-xl border border-line p-4" data-testid="package">
              <p className="font-semibold">{t('package', { subject: subjects[p.subject] ?? p.subject, tutor: p.tutorName, plan: plans[p.plan] ?? p.plan })}</p>
              <p className="mt-1" data-testid="lessons-left">
                {t('lessonsLeft', { left: p.lessonsLeft, total: p.lessonsTotal })}
                {p.bookedAhead > 0 && <span className="text-muted"> · {t('bookedAhead', { count: p.bookedAhead })}</span>}
              </p>
              <p className="text-sm text-muted">{p.expired ? t('expired', { date: schoolLongDate(p.validUntil, locale) }) : t('validUntil', { date: schoolLongDate(p.validUntil, locale) })}</p>
              {p.lessonsLeft > 0 && !p.expired && (
                <>
                  <button
                    type="button"
                    aria-expanded={booking === p.id}
                    onClick={() => setBooking(booking === p.id ? null : p.id)}
                    className="mt-3 mr-4 rounded-lg bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand"
                    data-testid="book-lessons"
                  >
                    {t('book')}
                  </button>
                  {booking === p.id && (
                    <PaidBooking
                      source={{ packageId: p.id }}
                      onBooked={() => {
                        setReloads((n) => n + 1);
                        window.dispatchEvent(new Event(LESSONS_CHANGED));
                      }}
                    />
                  )}
                </>
              )}
              {(p.lessonsLeft > 0 || p.bookedAhead > 0) &&
                (confirming === p.id ? (
                  <div className="mt-3 rounded-lg border border-line bg-brand-tint/40 p-3" data-testid="refund-dialog">
                    {preview === 'loading' || preview === null ? (
                      <p className="text-sm" role="status">
                        {t('refundLoading')}
                      </p>
                    ) : (
                      <>
                        <p className="text-sm">{t('refundConfirm', { amount: formatTenge(Math.round(preview.amountTiyn / 100), locale), lessons: preview.lessons })}</p>
                        {preview.cancel.length > 0 && (
                          <p className="mt-2 text-sm" data-testid="refund-cancels">
                            {t('refundCancels', { dates: preview.cancel.map((l) => when(l.startsAt, locale)).join('; ') })}
                          </p>
                        )}
                        {preview.keep.length > 0 && (
                          <p className="mt-2 text-sm" data-testid="refund-keeps">
                            {t('refundKeeps', { dates: preview.keep.map((l) => when(l.startsAt, locale)).join('; ') })}
                          </p>
                        )}
                        <div className="mt-3 flex flex-wrap items-center gap-3">
                          <button type="button" disabled={busy || preview.lessons === 0} onClick={() => void refund(p)} className="rounded-lg border border-danger px-3 py-2 text-sm font-medium text-danger disabled:opacity-60">
                            {t('refundYes')}
                          </button>
                          <button
                            type="button"
                            onClick={() => {
                              setConfirming(null);
                              setPreview(null);
                            }}
                            className="text-sm underline"
                          >
                            {t('refundNo')}
                          </button>
                        </div>
                      </>
                    )}
                  </div>
                ) : (
                  <button type="button" onClick={() => void askRefund(p)} className="mt-3 text-sm font-medium text-brand-dark underline-offset-2 hover:underline" data-testid="refund">
                    {t('refund')}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {data && data.payments.length > 0 && (
        <>
          <h3 className="mt-6 text-lg font-semibold">{t('payments')}</h3>
          <ul className="mt-2 divide-y divide-line text-sm">
            {data.payments.map((p) => (
              <li key={p.invoiceId} className="flex flex-wrap justify-between gap-2 py-2" data-testid="payment">
                <span>
                  {schoolLongDate(p.createdAt, locale)} · {p.plan === 'chat' ? t('chatHours', { hours: p.lessons }) : p.plan === 'group' ? `${p.tutorName} · ${t('groupSeat')}` : `${p.tutorName} · ${plans[p.plan] ?? p.plan}`}
                  {p.test ? ` (${t('test')})` : ''}
                </span>
                <span>
                  {formatTenge(Math.round(p.amountTiyn / 100), locale)} · {t(`status_${p.status}`)}
                </span>
                {p.receipts.length > 0 && (
                  <span className="flex w-full flex-wrap gap-x-4">
                    {p.receipts.map((r, i) =>
                      r.url ? (
                        <a key={i} href={r.url} target="_blank" rel="noopener noreferrer" className="text-brand-dark underline" data-testid="receipt-link">
                          {t(r.kind === 'sale' ? 'receiptLink' : 'receiptReturnLink', { amount: formatTenge(Math.round(r.amountTiyn / 100), locale) })}
                        </a>
                      ) : (
                        <span key={i} className="text-muted">
                          {t('receiptPending')}
                        </span>
                      ),
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
