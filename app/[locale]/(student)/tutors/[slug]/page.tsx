import type { Metadata } from 'next';
import Link from 'next/link';
import { formatTenge } from '@/lib/tariffs';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { VideoFacade } from '@/components/tutors/video-facade';
import { PackageBookingLink } from '@/components/checkout/package-booking-link';
import { clock, dayKey, dayLabel, SCHOOL_ZONE } from '@/components/booking/slot-times';
import { stillFree, tutorBySlug, weekSlotsOf } from '@/lib/marketplace/catalogue';
import { TRIAL_MINUTES } from '@/lib/lessons/slots';
import { photoUrl } from '@/lib/media/photo';
import { absoluteUrl, buildMetadata, localePath } from '@/lib/seo';
import { PROFILE_LOCALES, videoEmbedUrl, type ProfileLocale } from '@/lib/validations/tutor-profile';

type Props = { params: Promise<{ locale: Locale; slug: string }> };

// Rendered on request from the cached catalogue data (tags `tutors` and `tutor:{slug}`, refreshed
// by lib/lessons/revalidate.ts when a reviewer publishes a change). An empty
// generateStaticParams with ISR made Next 16.4 answer client navigations with HTML (InvariantError
// "Expected RSC response") and a 404: see the hand-over.

const SLUG = /^[a-z0-9-]{1,80}$/;

async function load(slug: string) {
  return SLUG.test(slug) ? tutorBySlug(slug) : null;
}

/** The about text in the page's language, else the first one the tutor wrote. */
function aboutFor(about: Partial<Record<ProfileLocale, string>>, locale: Locale): { text: string; lang: ProfileLocale } | null {
  const lang = about[locale] ? locale : PROFILE_LOCALES.find((l) => about[l]);
  return lang ? { text: about[lang]!, lang } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  const tutor = await load(slug);
  if (!tutor) return {};
  const t = await getTranslations({ locale, namespace: 'Tutors' });
  const tw = await getTranslations({ locale, namespace: 'Registration.tutor' });
  const about = aboutFor(tutor.profile.about, locale);
  const subjects = tutor.profile.subjects.map((s) => tw(`subjects.${s}` as never)).join(', ');
  const meta = buildMetadata(locale, `/tutors/${slug}`, `${tutor.name} — ${subjects}`, (about?.text ?? t('metaDescription')).slice(0, 160));
  return tutor.profile.photo ? { ...meta, openGraph: { ...meta.openGraph, type: 'profile', images: [{ url: photoUrl(tutor.profile.photo, 'page'), width: 640, height: 640 }] } } : meta;
}

/** A tutor's public page: photo, about text, what and whom they teach, price, the video behind a play button; JSON-LD. */
export default async function TutorPage({ params }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const tutor = await load(slug);
  if (!tutor) notFound();
  const p = tutor.profile;
  const t = await getTranslations('Tutors');
  const tw = await getTranslations('Registration.tutor');
  const about = aboutFor(p.about, locale);
  // Free slots of the coming week, by Almaty day: plain links to the booking page with the slot
  // chosen (no script on this page; the picker there shows the browser's time too).
  const byDay = new Map<string, string[]>();
  for (const slot of stillFree(await weekSlotsOf(tutor.id, tutor.slug), tutor.noticeMinutes)) {
    const day = dayKey(slot, SCHOOL_ZONE);
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }
  const bookHref = localePath(locale, `/book/${tutor.id}`);
  const subjects = p.subjects.map((s) => tw(`subjects.${s}` as never));
  const languages = p.teachingLanguages.map((l) => tw(`languages.${l}` as never));
  const pageUrl = absoluteUrl(localePath(locale, `/tutors/${slug}`));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: tutor.name,
    url: pageUrl,
    jobTitle: t('teaches', { subjects: subjects.join(', ') }),
    ...(p.photo ? { image: absoluteUrl(photoUrl(p.photo, 'page')) } : {}),
    ...(about ? { description: about.text.slice(0, 500) } : {}),
    knowsLanguage: p.teachingLanguages,
    worksFor: { '@type': 'EducationalOrganization', name: 'Tilmen', url: absoluteUrl(localePath(locale, '/')) },
    ...(p.price !== null
      ? { makesOffer: { '@type': 'Offer', priceCurrency: 'KZT', price: p.price, itemOffered: { '@type': 'Service', name: subjects.join(', ') } } }
      : {}),
  };
  const dl = 'grid gap-1 border-b border-line py-3 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4';

  return (
    <div className="container-page max-w-4xl py-10 md:py-14">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <p className="mb-4 text-sm">
        <Link href={localePath(locale, '/tutors')} className="font-medium text-brand-dark underline-offset-2 hover:underline">
          {t('back')}
        </Link>
      </p>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        {p.photo && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={photoUrl(p.photo, 'page')} alt={t('photoAlt', { name: tutor.name })} width={240} height={240} fetchPriority="high" className="size-48 rounded-2xl object-cover sm:size-60" />
        )}
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl" data-testid="tutor-name">
            {tutor.name}
          </h1>
          <p className="mt-2 text-lg">{t('teaches', { subjects: subjects.join(', ') })}</p>
          <p className="mt-1 text-muted">
            {t('experience', { count: p.experienceYears })}
            {p.nativeSpeaker && ` · ${t('native')}`}
          </p>
          {p.price !== null && (
            <p className="mt-3 text-xl font-semibold" data-testid="tutor-price">
              {t('perLesson', { price: formatTenge(p.price, locale) })}
            </p>
          )}
          {p.price !== null && (
            // A package of lessons paid online: the checkout (its own dynamic page; this one stays static).
            <p className="mt-3">
              <a href={localePath(locale, `/checkout?tutor=${tutor.id}`)} className="font-medium text-brand-dark underline-offset-2 hover:underline" data-testid="buy-package">
                {t('buyPackage')}
              </a>
            </p>
          )}
          {/* A signed-in student with lessons left with this tutor books them from the package; an employee, from the employer's lessons. */}
          <PackageBookingLink tutorId={tutor.id} price={p.price} href={localePath(locale, '/cabinet')} label={t('bookFromPackage')} employerLabel={t('bookFromEmployer')} />
        </div>
      </div>

      <section aria-labelledby="tutor-slots" className="mt-10" data-testid="tutor-slots">
        <h2 id="tutor-slots" className="text-2xl font-bold">
          {t('slots.title')}
        </h2>
        {byDay.size === 0 ? (
          <p className="mt-3 text-muted">{t('slots.none')}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">{t('slots.hint', { minutes: TRIAL_MINUTES })}</p>
            {/* Days to pick, not one long column on a phone (the walk): each day folds open on its own,
                the first one open; plain <details>, no script on this page. */}
            <div className="mt-4 grid gap-2">
              {[...byDay.entries()].map(([day, slots], i) => {
                const label = dayLabel(day, locale);
                return (
                  <details key={day} open={i === 0} className="group rounded-xl border border-line px-3 py-2">
                    <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 font-semibold">
                      <span className="first-letter:uppercase">{label}</span>
                      <span className="text-sm font-normal text-muted">{t('slots.count', { count: slots.length })}</span>
                    </summary>
                    <ul className="mt-2 flex flex-wrap gap-2 pb-1">
                      {slots.map((slot) => {
                        const time = clock(slot, SCHOOL_ZONE);
                        return (
                          <li key={slot}>
                            <Link
                              href={`${bookHref}?slot=${encodeURIComponent(slot)}`}
                              aria-label={t('slots.slotLabel', { day: label, time })}
                              className="inline-flex min-h-11 min-w-20 items-center justify-center rounded-xl border border-line px-3 font-medium text-brand-dark hover:border-brand-dark hover:bg-brand-tint focus-visible:outline-2 focus-visible:outline-brand-dark"
                            >
                              {time}
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  </details>
                );
              })}
            </div>
            <p className="mt-4">
              <Link href={bookHref} className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
                {t('slots.all')}
              </Link>
            </p>
          </>
        )}
      </section>

      {about && (
        <section aria-labelledby="tutor-about" className="mt-10">
          <h2 id="tutor-about" className="text-2xl font-bold">
            {t('about')}
          </h2>
          {about.lang !== locale && <p className="mt-1 text-sm text-muted">{t('aboutOtherLanguage')}</p>}
          <p lang={about.lang} className="mt-3 whitespace-pre-line break-words leading-relaxed" data-testid="tutor-about">
            {about.text}
          </p>
        </section>
      )}

      {p.video && (
        <section aria-labelledby="tutor-video" className="mt-10">
          <h2 id="tutor-video" className="mb-3 text-2xl font-bold">
            {t('video')}
          </h2>
          <VideoFacade
            embedUrl={videoEmbedUrl(p.video)}
            label={t('playVideo', { provider: p.video.provider === 'youtube' ? 'YouTube' : 'Vimeo' })}
            title={t('videoTitle', { name: tutor.name })}
          />
        </section>
      )}

      <section aria-labelledby="tutor-details" className="mt-10">
        <h2 id="tutor-details" className="text-2xl font-bold">
          {t('details')}
        </h2>
        <dl className="mt-3">
          <div className={dl}>
            <dt className="text-sm text-muted">{t('subjectsTitle')}</dt>
            <dd>{subjects.join(', ')}</dd>
          </div>
          <div className={dl}>
            <dt className="text-sm text-muted">{t('languagesTitle')}</dt>
            <dd>{languages.join(', ')}</dd>
          </div>
          <div className={dl}>
            <dt className="text-sm text-muted">{t('levelsTitle')}</dt>
            <dd>{p.levels.map((l) => t(`levels.${l}` as never)).join(', ')}</dd>
          </div>
          <div className={dl}>
            <dt className="text-sm text-muted">{t('agesTitle')}</dt>
            <dd>{p.ages.map((a) => t(`ages.${a}` as never)).join(', ')}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
