'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { formatTenge } from '@/lib/tariffs';
import type { EmployerView } from '@/lib/payments/employer';
import { PaidBooking } from '@/components/booking/paid-booking';

const button = 'rounded-lg bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand';
const small = 'rounded-lg border border-brand-dark px-3 py-2 text-sm font-medium text-brand-dark hover:bg-brand-tint';

/**
 * The lessons an employer gave the student (docs/payments.md, "Company lesson pools"): per company,
 * the lessons left and booked ahead, the rules, and the way to book a 50-minute lesson with a tutor
 * of the catalogue whose price a pool lesson pays for (the tutor's page links back here with
 * `?pool=<employee>&tutor=<tutor>`, which opens the booking), or again with a tutor of past lessons.
 */
export function EmployerLessons({ employers, subjects, onBooked }: { employers: EmployerView[]; subjects: Record<string, string>; onBooked: () => void }) {
  const t = useTranslations('Cabinet.employer');
  const locale = useLocale();
  /** The open booking: the roster row and the tutor (from the tutor's page: `?pool=&tutor=`; this island renders once the data is in). */
  const [open, setOpen] = useState<{ employeeId: number; tutorId: number } | null>(() => {
    if (typeof window === 'undefined') return null;
    const q = new URLSearchParams(window.location.search);
    const employeeId = Number(q.get('pool'));
    const tutorId = Number(q.get('tutor'));
    return Number.isInteger(employeeId) && employeeId > 0 && Number.isInteger(tutorId) && tutorId > 0 && employers.some((e) => e.employeeId === employeeId) ? { employeeId, tutorId } : null;
  });

  if (employers.length === 0) return null;
  return (
    <section aria-labelledby="employer-lessons-title" className="mt-6 space-y-3" data-testid="employer-lessons">
      <h3 id="employer-lessons-title" className="text-lg font-semibold">
        {t('title')}
      </h3>
      {employers.map((e) => {
        const max = formatTenge(e.tutorPriceMax, locale);
        const booking = open?.employeeId === e.employeeId ? open : null;
        return (
          <div key={e.employeeId} className="rounded-xl border border-brand/40 bg-brand-tint/30 p-4" data-testid="employer">
            <p className="font-semibold" data-testid="employer-left">
              {t('left', { company: e.company, left: e.lessonsLeft })}
            </p>
            {e.upcoming > 0 && <p className="text-sm text-muted">{t('upcoming', { n: e.upcoming })}</p>}
            {e.lessonsLeft > 0 ? (
              <>
                <p className="mt-2 text-sm">{t('rules', { max, hours: 8 })}</p>
                {e.tutors.length > 0 && (
                  <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                    <span>{t('yourTutors')}</span>
                    {e.tutors.map((tutor) => (
                      <button key={tutor.id} type="button" className={small} aria-expanded={booking?.tutorId === tutor.id} onClick={() => setOpen(booking?.tutorId === tutor.id ? null : { employeeId: e.employeeId, tutorId: tutor.id })}>
                        {t('bookWith', { tutor: tutor.name })}
                      </button>
                    ))}
                  </div>
                )}
                <p className="mt-3 text-sm">
                  <Link href={`/tutors?priceMax=${e.tutorPriceMax}`} className={`inline-block ${button}`} data-testid="employer-choose-tutor">
                    {t('chooseTutor')}
                  </Link>
                  <span className="mt-1 block text-muted">{t('chooseHint')}</span>
                </p>
              </>
            ) : (
              <p className="mt-2 text-sm">{t('none')}</p>
            )}
            {booking && <PaidBooking key={`${booking.employeeId}-${booking.tutorId}`} source={booking} subjectNames={subjects} onBooked={onBooked} />}
          </div>
        );
      })}
    </section>
  );
}
