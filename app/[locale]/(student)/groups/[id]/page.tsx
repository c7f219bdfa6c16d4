import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { groupTitle, scheduleLine } from '@/components/groups/group-card';
import { GroupSeatAction } from '@/components/groups/group-seat';
import { cachedPublicGroup, lessonBegun } from '@/lib/groups/cached';
import { WAITLIST_OFFER_HOURS } from '@/lib/groups/waitlist';
import { absoluteUrl, buildMetadata, localePath } from '@/lib/seo';
import { formatTenge } from '@/lib/tariffs';

type Props = { params: Promise<{ locale: Locale; id: string }> };

const ID = /^\d{1,9}$/;
const load = (id: string) => (ID.test(id) ? cachedPublicGroup(Number(id)) : Promise.resolve(null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const group = await load(id);
  if (!group) return {};
  const t = await getTranslations({ locale, namespace: 'GroupPages' });
  const title = await groupTitle(group);
  return buildMetadata(locale, `/groups/${id}`, t('page.metaTitle', { group: title }), (group.description || t('metaDescription')).slice(0, 160));
}

/**
 * One group's page (issue 33): the tutor, what the course covers, every date (Almaty time), seats
 * left, the price; "Join" leads to the checkout (its own page: no payment code here), a full group to
 * its waitlist there. The page is the same for everyone: one small island (GroupSeatAction) asks,
 * for a signed-in student only, whether they already have a seat here, and then shows that instead.
 */
export default async function GroupPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const group = await load(id);
  if (!group) notFound();
  const t = await getTranslations('GroupPages');
  const format = await getFormatter();
  const title = await groupTitle(group);
  const open = (group.status === 'open' || group.status === 'running') && group.lessonsLeft > 0;
  const full = group.seatsLeft === 0;
  const checkout = localePath(locale, `/checkout?group=${group.id}`);
  const price = (tiyn: number) => formatTenge(tiyn / 100, locale);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: title,
    description: group.description || t('lead'),
    url: absoluteUrl(localePath(locale, `/groups/${group.id}`)),
    provider: { '@type': 'EducationalOrganization', name: 'Tilmen', url: absoluteUrl(localePath(locale, '/')) },
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'online', startDate: group.lessons[0]?.startsAt, endDate: group.lastLessonAt ?? undefined },
    offers: { '@type': 'Offer', priceCurrency: 'KZT', price: group.priceNowTiyn / 100, availability: full ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock' },
  };
  const dl = 'grid gap-1 border-b border-line py-3 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4';
  return (
    <div className="container-page max-w-4xl py-10 md:py-14">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <p className="mb-4 text-sm">
        <Link href={localePath(locale, '/groups')} className="font-medium text-brand-dark underline-offset-2 hover:underline">
          {t('page.back')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl" data-testid="group-title">
        {title}
      </h1>
      <p className="mt-2 text-lg">{await scheduleLine(group)}</p>
      <dl className="mt-6 rounded-2xl border border-line px-5">
        <div className={dl}>
          <dt className="font-semibold">{t('page.age')}</dt>
          <dd>{t(`ages.${group.ageBand}` as never)}</dd>
        </div>
        <div className={dl}>
          <dt className="font-semibold">{t('page.tutor')}</dt>
          <dd>
            {group.tutor.slug ? (
              <Link href={localePath(locale, `/tutors/${group.tutor.slug}`)} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                {group.tutor.name}
              </Link>
            ) : (
              group.tutor.name
            )}
          </dd>
        </div>
        <div className={dl}>
          <dt className="font-semibold">{t('page.seats')}</dt>
          <dd data-testid="seats-left">{t('card.seatsLeft', { count: group.seatsLeft, max: group.maxSeats })}</dd>
        </div>
        <div className={dl}>
          <dt className="font-semibold">{t('page.price')}</dt>
          <dd>
            {t('card.perLesson', { price: price(group.pricePerLessonTiyn) })}
            {open && <span className="block text-sm text-muted">{t('page.priceNow', { count: group.lessonsLeft, total: price(group.priceNowTiyn) })}</span>}
          </dd>
        </div>
      </dl>
      <div className="mt-6" data-testid="group-action">
        <GroupSeatAction
          groupId={group.id}
          payHref={localePath(locale, `/checkout?group=${group.id}&hold=1`)}
          texts={{ paid: t('seat.paid'), held: t('seat.held'), pay: t('seat.pay'), cabinet: t('seat.cabinet') }}
        >
          {!open ? (
            <p className="rounded-2xl border border-line p-5 text-muted">{t('page.closed')}</p>
          ) : full ? (
            <div className="rounded-2xl border border-line p-5">
              <p className="font-semibold">{t('page.full')}</p>
              <p className="mt-1 text-sm text-muted">{t('page.waitlistHint', { hours: WAITLIST_OFFER_HOURS })}</p>
              <a href={checkout} className="mt-3 inline-flex min-h-11 items-center justify-center rounded-xl border border-brand-dark px-5 font-semibold text-brand-dark hover:bg-brand-tint" data-testid="join-waitlist">
                {t('page.waitlistJoin')}
              </a>
            </div>
          ) : (
            <a href={checkout} className="inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-brand-dark px-5 font-semibold text-white hover:opacity-90 sm:w-auto" data-testid="join-group">
              {t('page.join')}
            </a>
          )}
        </GroupSeatAction>
      </div>
      {group.description && (
        <section aria-labelledby="group-about" className="mt-10">
          <h2 id="group-about" className="text-xl font-bold">
            {t('page.about')}
          </h2>
          <p className="mt-3 whitespace-pre-line">{group.description}</p>
        </section>
      )}
      <section aria-labelledby="group-dates" className="mt-10">
        <h2 id="group-dates" className="text-xl font-bold">
          {t('page.dates', { count: group.lessons.length })}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('page.zone')}</p>
        <ol className="mt-3 grid gap-1 sm:grid-cols-2" data-testid="group-dates">
          {group.lessons.map((l, i) => {
            const past = lessonBegun(l.startsAt);
            return (
              <li key={l.id} className={`flex gap-3 rounded-lg px-3 py-2 ${past ? 'text-muted' : 'bg-brand-tint/40'}`}>
                <span className="w-6 shrink-0 text-right tabular-nums">{i + 1}.</span>
                <span>
                  {format.dateTime(new Date(l.startsAt), { weekday: 'short', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}
                  {past && <span className="ml-2 text-sm">({t('page.past')})</span>}
                </span>
              </li>
            );
          })}
        </ol>
      </section>
      <section aria-labelledby="group-rules" className="mt-10 rounded-2xl border border-line p-5">
        <h2 id="group-rules" className="text-xl font-bold">
          {t('page.rulesTitle')}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>{t('page.rules.start', { min: group.minSeats })}</li>
          <li>{t('page.rules.missed')}</li>
          <li>{t('page.rules.cancelled')}</li>
          <li>{t('page.rules.leave')}</li>
        </ul>
        <p className="mt-3 text-sm">
          <Link href={localePath(locale, '/stud-faq')} className="font-medium text-brand-dark underline-offset-2 hover:underline">
            {t('page.faq')}
          </Link>
        </p>
      </section>
    </div>
  );
}
