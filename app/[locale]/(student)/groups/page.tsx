import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { inputClass } from '@/components/forms/field';
import { GroupCard } from '@/components/groups/group-card';
import { cachedPublicGroups, filterGroups } from '@/lib/groups/cached';
import { buildMetadata, localePath } from '@/lib/seo';
import { AGE_BANDS, GROUP_LEVELS, GROUP_SUBJECTS, groupQuerySchema } from '@/lib/validations/groups';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'GroupPages' });
  const meta = buildMetadata(locale, '/groups', t('metaTitle'), t('metaDescription'));
  // A filtered view is not a page of its own for search engines: the canonical is the whole list.
  return Object.keys(await searchParams).length > 0 ? { ...meta, robots: { index: false, follow: true } } : meta;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const labelClass = 'mb-1 block text-sm font-medium text-ink';

/**
 * The public groups (issue 33): every public group on sale, from the cached list (tag `groups`),
 * narrowed by a GET form (no script needed): subject, level, age, a weekday.
 */
export default async function GroupsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const q = groupQuerySchema.parse(raw);
  const found = filterGroups(await cachedPublicGroups(), q);
  const t = await getTranslations('GroupPages');
  const tt = await getTranslations('Tutors');
  const tw = await getTranslations('Registration.tutor');
  const path = localePath(locale, '/groups');
  const select = (name: string, label: string, values: readonly (string | number)[], current: string | number | undefined, text: (v: string) => string): ReactNode => (
    <div>
      <label htmlFor={`g-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`g-${name}`} name={name} defaultValue={current === undefined ? '' : String(current)} className={inputClass}>
        <option value="">{t('filters.any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {text(String(v))}
          </option>
        ))}
      </select>
    </div>
  );
  const active = [q.subject, q.level, q.ageBand, q.weekday].filter((v) => v !== undefined).length;
  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-2xl text-muted">{t('lead')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        {/* On a phone the filters fold away behind one button, as in the tutor catalogue (no script). */}
        <div className="grid content-start gap-3">
          <input type="checkbox" id="groups-filters-toggle" className="peer sr-only lg:hidden" aria-controls="groups-filters-form" />
          <label
            htmlFor="groups-filters-toggle"
            className="flex min-h-11 cursor-pointer items-center justify-between rounded-xl border border-line bg-white px-4 font-semibold peer-focus-visible:outline-2 peer-focus-visible:outline-brand-dark lg:hidden"
          >
            {t('filters.title')}
            {active > 0 ? <span className="rounded-full bg-brand-tint px-2 text-sm">{active}</span> : null}
          </label>
          <form id="groups-filters-form" action={path} method="get" aria-labelledby="groups-filters" className="hidden content-start gap-4 rounded-2xl border border-line bg-white p-4 peer-checked:grid sm:p-5 lg:grid">
            <h2 id="groups-filters" className="text-lg font-bold">
              {t('filters.title')}
            </h2>
            {select('subject', t('filters.subject'), GROUP_SUBJECTS, q.subject, (v) => tw(`subjects.${v}` as never))}
            {select('level', t('filters.level'), GROUP_LEVELS, q.level, (v) => v)}
            {select('ageBand', t('filters.age'), AGE_BANDS, q.ageBand, (v) => t(`ages.${v}` as never))}
            {select('weekday', t('filters.weekday'), WEEKDAYS, q.weekday, (v) => tt(`weekdaysLong.${v}` as never))}
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
        <section aria-labelledby="groups-found">
          {/* The results' heading (the cards' titles are h3 under it; on a phone the filters' h2 is folded away). */}
          <h2 id="groups-found" className="mb-4 text-base font-medium" data-testid="groups-found">
            <span role="status">{t('found', { count: found.length })}</span>
          </h2>
          {found.length === 0 ? (
            <div className="rounded-2xl border border-line p-6">
              <p className="text-muted">{t('empty')}</p>
              <p className="mt-3 flex flex-wrap gap-4">
                <Link href={`${localePath(locale, '/student')}#feedback`} className="font-semibold text-brand-dark underline-offset-2 hover:underline">
                  {t('emptyLead')}
                </Link>
                <Link href={localePath(locale, '/tutors')} className="font-semibold text-brand-dark underline-offset-2 hover:underline">
                  {t('emptyTutors')}
                </Link>
              </p>
            </div>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {found.map((g) => (
                <GroupCard key={g.id} group={g} locale={locale} href={localePath(locale, `/groups/${g.id}`)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
