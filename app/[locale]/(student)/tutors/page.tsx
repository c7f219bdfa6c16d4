import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { inputClass } from '@/components/forms/field';
import { TutorCard } from '@/components/tutors/tutor-card';
import { photoUrl } from '@/lib/media/photo';
import { publishedTutors, searchTutors, stillFree } from '@/lib/marketplace/catalogue';
import { buildMetadata, localePath } from '@/lib/seo';
import { CATALOGUE_SORTS, catalogueQuerySchema, catalogueSearch, DAY_PERIODS, WEEKDAYS } from '@/lib/validations/catalogue';
import { PROFILE_AGES, PROFILE_LEVELS, TEACHING_LANGUAGES, TUTOR_SUBJECTS } from '@/lib/validations/tutor-profile';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Tutors' });
  const meta = buildMetadata(locale, '/tutors', t('metaTitle'), t('metaDescription'));
  // Filtered and paged views are not separate pages for search engines: the canonical is the catalogue.
  const filtered = Object.keys(await searchParams).length > 0;
  return filtered ? { ...meta, robots: { index: false, follow: true } } : meta;
}

const labelClass = 'mb-1 block text-sm font-medium text-ink';
const LIST_KEYS = new Set(['days', 'times']);
const chip =
  'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-xl border border-line px-3 text-sm peer-checked:border-brand-dark peer-checked:bg-brand-tint peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-dark';

/**
 * The public catalogue: filters, sort and page in the URL (a GET form: no script needed), cards
 * rendered on the server from the cached list of published profiles.
 */
export default async function TutorsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Repeated values (days, times of day) stay lists; any other key takes its first value.
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) && !LIST_KEYS.has(k) ? v[0] : v]));
  const q = catalogueQuerySchema.parse(raw);
  const result = searchTutors(await publishedTutors(), q);
  const t = await getTranslations('Tutors');
  const tw = await getTranslations('Registration.tutor');
  const path = localePath(locale, '/tutors');
  /** A filter's control under its label. */
  const labelled = (name: string, label: string, control: ReactNode) => (
    <div>
      <label htmlFor={`f-${name}`} className={labelClass}>
        {label}
      </label>
      {control}
    </div>
  );
  const select = (name: string, label: string, values: readonly string[], current: string | undefined, text: (v: string) => string) =>
    labelled(
      name,
      label,
      <select id={`f-${name}`} name={name} defaultValue={current ?? ''} className={inputClass}>
        <option value="">{t('filters.any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {text(v)}
          </option>
        ))}
      </select>,
    );
  /** A bound of the price filter, in tenge. */
  const price = (name: 'priceMin' | 'priceMax', label: string) =>
    labelled(name, label, <input id={`f-${name}`} name={name} type="number" inputMode="numeric" min={0} defaultValue={q[name] ?? ''} className={inputClass} />);

  const activeFilters = [q.subject, q.lang, q.level, q.age, q.priceMin, q.priceMax, q.native || undefined].filter((v) => v !== undefined).length + q.days.length + q.times.length;
  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-2xl text-muted">{t('lead')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[18rem_1fr]">
        {/* On a phone the filters fold away behind one button (journey D: ~1 300 px of filters came
            before the first tutor); on a wide screen they are always open. No script: a checkbox
            and its label toggle them. */}
        <div className="grid content-start gap-3">
          <input type="checkbox" id="tutors-filters-toggle" className="peer sr-only lg:hidden" aria-controls="tutors-filters-form" />
          <label
            htmlFor="tutors-filters-toggle"
            className="flex min-h-11 cursor-pointer items-center justify-between rounded-xl border border-line bg-white px-4 font-semibold peer-focus-visible:outline-2 peer-focus-visible:outline-brand-dark lg:hidden"
            data-testid="filters-toggle"
          >
            {t('filters.title')}
            {activeFilters > 0 ? <span className="rounded-full bg-brand-tint px-2 text-sm">{activeFilters}</span> : null}
          </label>
          <form id="tutors-filters-form" action={path} method="get" aria-labelledby="tutors-filters" className="hidden content-start gap-4 rounded-2xl border border-line bg-white p-4 peer-checked:grid sm:p-5 lg:grid">
            <h2 id="tutors-filters" className="text-lg font-bold">
              {t('filters.title')}
            </h2>
            {select('subject', t('filters.subject'), TUTOR_SUBJECTS, q.subject, (v) => tw(`subjects.${v}` as never))}
            {select('lang', t('filters.lang'), TEACHING_LANGUAGES, q.lang, (v) => tw(`languages.${v}` as never))}
            {select('level', t('filters.level'), PROFILE_LEVELS, q.level, (v) => t(`levels.${v}` as never))}
            {select('age', t('filters.age'), PROFILE_AGES, q.age, (v) => t(`ages.${v}` as never))}
            <div className="grid grid-cols-2 gap-3">
              {price('priceMin', t('filters.priceMin'))}
              {price('priceMax', t('filters.priceMax'))}
            </div>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name="native" value="1" defaultChecked={q.native} className="size-4" />
              {t('filters.native')}
            </label>
            <fieldset className="grid gap-3" data-testid="filter-free">
              <legend className="mb-1 text-sm font-semibold text-ink">{t('filters.freeTitle')}</legend>
              <div role="group" aria-label={t('filters.days')}>
                <span className={labelClass} aria-hidden="true">
                  {t('filters.days')}
                </span>
                <div className="flex flex-wrap gap-1.5">
                  {WEEKDAYS.map((d) => (
                    <label key={d}>
                      <input type="checkbox" name="days" value={d} defaultChecked={q.days.includes(d)} aria-label={t(`weekdaysLong.${d}` as never)} className="peer sr-only" />
                      <span className={chip} aria-hidden="true">
                        {t(`weekdays.${d}` as never)}
                      </span>
                    </label>
                  ))}
                </div>
              </div>
              <div role="group" aria-label={t('filters.times')}>
                <span className={labelClass} aria-hidden="true">
                  {t('filters.times')}
                </span>
                <div className="grid gap-1.5">
                  {DAY_PERIODS.map((p) => (
                    <label key={p} className="flex min-h-11 items-center gap-2 text-sm">
                      <input type="checkbox" name="times" value={p} defaultChecked={q.times.includes(p)} className="size-4" />
                      {t(`periods.${p}` as never)}
                    </label>
                  ))}
                </div>
              </div>
            </fieldset>
            {select('sort', t('filters.sort'), CATALOGUE_SORTS.slice(1), q.sort === 'recommended' ? undefined : q.sort, (v) => t(`sort.${v}` as never))}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="min-h-11 rounded-xl bg-brand-dark px-5 font-semibold text-white hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
                {t('filters.apply')}
              </button>
              <Link href={path} className="inline-flex min-h-11 items-center rounded-xl px-3 font-medium text-brand-dark underline-offset-2 hover:underline">
                {t('filters.reset')}
              </Link>
            </div>
          </form>
        </div>
        <section aria-labelledby="tutors-found">
          <p id="tutors-found" role="status" className="mb-4 font-medium" data-testid="tutors-found">
            {t('found', { count: result.total })}
          </p>
          {result.rows.length === 0 ? (
            <p className="rounded-2xl border border-line p-6 text-muted">{t('empty')}</p>
          ) : (
            <ul className="grid gap-4 xl:grid-cols-2">
              {result.rows.map((tutor, i) => (
                <TutorCard
                  key={tutor.slug}
                  priority={i < 2}
                  tutor={{
                    href: localePath(locale, `/tutors/${tutor.slug}`),
                    name: tutor.name,
                    photo: tutor.profile.photo ? photoUrl(tutor.profile.photo, 'card') : null,
                    subjects: tutor.profile.subjects,
                    languages: tutor.profile.teachingLanguages,
                    price: tutor.profile.price,
                    experienceYears: tutor.profile.experienceYears,
                    nativeSpeaker: tutor.profile.nativeSpeaker,
                    nextSlot: stillFree(tutor.next, tutor.noticeMinutes)[0] ?? null,
                    bookHref: localePath(locale, `/book/${tutor.id}`),
                  }}
                />
              ))}
            </ul>
          )}
          {result.pages > 1 && (
            <nav aria-label={t('pagination')} className="mt-6 flex flex-wrap items-center gap-4">
              {result.page > 1 && (
                <Link rel="prev" href={`${path}${catalogueSearch({ ...q, page: result.page - 1 })}`} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                  {t('prev')}
                </Link>
              )}
              <span aria-current="page">{t('pageOf', { page: result.page, pages: result.pages })}</span>
              {result.page < result.pages && (
                <Link rel="next" href={`${path}${catalogueSearch({ ...q, page: result.page + 1 })}`} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                  {t('next')}
                </Link>
              )}
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}
