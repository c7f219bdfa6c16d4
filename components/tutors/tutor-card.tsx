import Link from 'next/link';
import { formatTenge } from '@/lib/tariffs';
import { getLocale, getTranslations } from 'next-intl/server';
import { clock, dayKey, dayLabel, SCHOOL_ZONE } from '@/components/booking/slot-times';

export interface TutorCardData {
  href: string;
  name: string;
  photo: string | null;
  subjects: string[];
  languages: string[];
  price: number | null;
  experienceYears: number;
  nativeSpeaker: boolean;
  /** The first free slot still offered (ISO), or null. */
  nextSlot: string | null;
  /** The tutor's booking page (/book/{id}); the slot is added as `?slot=`. */
  bookHref: string;
}

/** One catalogue card (server-rendered, no script): photo, name, subjects, languages, price. */
export async function TutorCard({ tutor, priority = false }: { tutor: TutorCardData; priority?: boolean }) {
  const t = await getTranslations('Tutors');
  const tw = await getTranslations('Registration.tutor');
  const locale = await getLocale();
  const next = tutor.nextSlot;
  return (
    <li className="relative flex gap-4 rounded-2xl border border-line bg-white p-4 focus-within:outline-2 focus-within:outline-brand sm:p-5" data-testid="tutor-card">
      {tutor.photo ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={tutor.photo}
          alt={t('photoAlt', { name: tutor.name })}
          width={96}
          height={96}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="size-20 shrink-0 rounded-xl object-cover sm:size-24"
        />
      ) : (
        <div className="size-20 shrink-0 rounded-xl bg-brand-tint sm:size-24" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-bold">
          <Link href={tutor.href} className="after:absolute after:inset-0 focus:outline-none" aria-label={t('open', { name: tutor.name })}>
            {tutor.name}
          </Link>
        </h2>
        <p className="text-sm">{t('teaches', { subjects: tutor.subjects.map((s) => tw(`subjects.${s}` as never)).join(', ') })}</p>
        <p className="text-sm text-muted">{t('speaks', { languages: tutor.languages.map((l) => tw(`languages.${l}` as never)).join(', ') })}</p>
        <p className="mt-1 text-sm text-muted">
          {t('experience', { count: tutor.experienceYears })}
          {tutor.nativeSpeaker && ` · ${t('native')}`}
        </p>
        {tutor.price !== null && <p className="mt-2 font-semibold">{t('perLesson', { price: formatTenge(tutor.price, locale) })}</p>}
        {next ? (
          <p className="mt-1 text-sm" data-testid="tutor-next-slot">
            {/* Above the card's link: this one books that very slot. */}
            <Link href={`${tutor.bookHref}?slot=${encodeURIComponent(next)}`} className="relative z-10 font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
              {t('slots.next', { when: `${dayLabel(dayKey(next, SCHOOL_ZONE), locale)}, ${clock(next, SCHOOL_ZONE)} ${t('slots.almaty')}` })}
            </Link>
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted" data-testid="tutor-next-slot">
            {t('slots.nextNone')}
          </p>
        )}
      </div>
    </li>
  );
}
