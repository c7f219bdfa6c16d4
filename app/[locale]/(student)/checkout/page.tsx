import type { Metadata } from 'next';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { CheckoutForm } from '@/components/checkout/checkout-form';
import { SeatCheckout } from '@/components/checkout/seat-checkout';
import { ChatCheckout } from '@/components/checkout/chat-checkout';
import { CHAT_BLOCK_MINUTES, CHAT_HOUR_OPTIONS } from '@/lib/chat-help/rules';
import { groupTitle, scheduleLine } from '@/components/groups/group-card';
import { publicGroup } from '@/lib/groups/catalogue';
import { GROUP_HOLD_MINUTES } from '@/lib/groups/seats';
import { WAITLIST_OFFER_HOURS } from '@/lib/groups/waitlist';
import { getDb } from '@/lib/db/client';
import type { PlainMessages } from '@/lib/i18n/plain';
import { publishedTutors, stillFree } from '@/lib/marketplace/catalogue';
import { photoUrl } from '@/lib/media/photo';
import { purchasableTutor } from '@/lib/payments/checkout';
import { paymentProvider } from '@/lib/payments/config';
import { isPlanId, quotePackage } from '@/lib/money/model';
import { localePath } from '@/lib/seo';
import { formatTenge, PRICES, STUDENT_PLANS, type PlanId } from '@/lib/tariffs';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The checkout (issue 24): its own dynamic route, never indexed, so nothing of it reaches the
// public pages' bundles; the tariff page and the tutor's page link here with ?plan= / ?tutor=.
export const dynamic = 'force-dynamic';

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** What the address asks to buy: a seat in a group (?group=7), hours of chat help (?chat=3), else a package. */
function productOf(q: Record<string, string | string[] | undefined>): 'group' | 'chat' | 'package' {
  if (/^\d{1,9}$/.test(one(q.group) ?? '')) return 'group';
  return one(q.chat) !== undefined ? 'chat' : 'package';
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Checkout' });
  const product = productOf(await searchParams);
  return { title: t(product === 'group' ? 'metaTitleGroup' : product === 'chat' ? 'metaTitleChat' : 'metaTitle'), robots: { index: false, follow: false } };
}

export default async function CheckoutPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const q = await searchParams;
  const t = await getTranslations('Checkout');
  const tp = await getTranslations('StudTariffs');
  const tw = await getTranslations('Registration.tutor');
  const tt = await getTranslations('Tutors');
  const plan: PlanId = isPlanId(one(q.plan) ?? '') ? (one(q.plan) as PlanId) : 'advanced';
  const promo = (one(q.promo) ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32).toUpperCase();
  const product = productOf(q);
  if (product === 'group') return groupCheckout(locale, Number(one(q.group)), one(q.hold) === '1');
  const rawChat = Number(one(q.chat) ?? '');
  if (product === 'chat') return chatCheckout(locale, (CHAT_HOUR_OPTIONS as readonly number[]).includes(rawChat) ? rawChat : 3);
  const rawTutor = one(q.tutor) ?? '';
  const tutor = /^\d{1,9}$/.test(rawTutor) ? await purchasableTutor(await getDb(), Number(rawTutor)) : null;

  if (!tutor) {
    // No tutor yet (the tariff page's "Buy online"): choose one, the plan and the code carried along.
    // Only tutors a package can be used with: a price, free time ahead (as the catalogue shows it), bookable.
    const tutors = (await publishedTutors()).filter((x) => x.profile.price !== null && stillFree(x.next, x.noticeMinutes).length > 0).slice(0, 30);
    const keep = `&plan=${plan}${promo ? `&promo=${promo}` : ''}`;
    return (
      <div className="container-page max-w-3xl py-10 md:py-14">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('chooseTutor')}</h1>
        <p className="mt-3 text-muted">{t('noTutor')}</p>
        {tutors.length === 0 ? (
          <p className="mt-8 rounded-2xl border border-line p-6 text-muted">{t('noTutorsFree')}</p>
        ) : (
          <ul className="mt-8 divide-y divide-line rounded-2xl border border-line" data-testid="checkout-tutors">
            {tutors.map((x) => (
              <li key={x.id} className="flex items-center gap-4 p-4">
                {x.profile.photo ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={photoUrl(x.profile.photo, 'card')} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-16 shrink-0 rounded-xl object-cover" />
                ) : (
                  <div className="size-16 shrink-0 rounded-xl bg-brand-tint" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{x.name}</p>
                  <p className="text-sm text-muted">{x.profile.subjects.map((s) => tw(`subjects.${s}` as never)).join(', ')}</p>
                  <p className="mt-1 font-semibold">{tt('perLesson', { price: formatTenge(x.profile.price!, locale) })}</p>
                </div>
                <a href={localePath(locale, `/checkout?tutor=${x.id}${keep}`)} className="shrink-0 rounded-lg bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand">
                  {t('chooseThis')}
                  <span className="sr-only">: {x.name}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-6">
          <Link href="/tutors" className="text-brand-dark underline-offset-2 hover:underline">
            {t('toCatalogue')}
          </Link>
        </p>
      </div>
    );
  }

  const subject = tutor.subjects.includes(one(q.subject) ?? '') ? one(q.subject)! : tutor.subjects[0]!;
  const provider = paymentProvider();
  // The first breakdown without the code (it is checked, and counted against its limit, by the island).
  const initial = { quote: quotePackage(tutor.price, plan), promo: null, test: provider?.test ?? true, available: !!provider };
  // Plain strings, not NextIntlClientProvider: no ICU formatter in this page's JS (lib/i18n/plain.ts).
  const messages = (await getMessages()).Checkout as PlainMessages;
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title', { name: tutor.name })}</h1>
      <p className="mt-3 text-base text-muted">{t('intro')}</p>
      {!provider && <p className="mt-4 rounded-xl border border-danger/40 p-4">{t('unavailable')}</p>}
      <div className="mt-8">
        <CheckoutForm
          messages={messages}
          path={localePath(locale, '/checkout')}
          tutorId={tutor.id}
          subjects={tutor.subjects.map((s) => ({ id: s, name: tw(`subjects.${s}` as never) }))}
          plans={STUDENT_PLANS.map((p) => ({ id: p.id, name: tp(`plans.${p.id}.name`) }))}
          initial={{ plan, subject, promo, answer: initial }}
        />
      </div>
    </div>
  );
}

/**
 * Hours of tutor chat help (/checkout?chat=3, from the cabinet's chat help): the price of an hour,
 * the published rule of how time is counted, and the island that stores the order and opens the bank's page.
 */
async function chatCheckout(locale: Locale, hours: number) {
  const t = await getTranslations('Checkout');
  const tc = await getTranslations('ChatHelp');
  const provider = paymentProvider();
  const messages = (await getMessages()).Checkout as PlainMessages;
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{tc('checkoutTitle')}</h1>
      <p className="mt-3 text-base text-muted">{tc('checkoutIntro', { price: formatTenge(PRICES.chatHelpPerHour, locale) })}</p>
      {!provider && <p className="mt-4 rounded-xl border border-danger/40 p-4">{t('unavailable')}</p>}
      <ul className="mt-6 list-disc space-y-1 pl-5 text-sm" data-testid="chat-rules">
        <li>{tc('ruleBlocks', { minutes: CHAT_BLOCK_MINUTES, price: formatTenge(PRICES.chatHelpPerHour / (60 / CHAT_BLOCK_MINUTES), locale) })}</li>
        <li>{tc('ruleCap')}</li>
        <li>{tc('ruleRefund')}</li>
      </ul>
      <div className="mt-8">
        <ChatCheckout
          path={localePath(locale, `/checkout?chat=${hours}`)}
          options={CHAT_HOUR_OPTIONS}
          initial={hours}
          hourTenge={PRICES.chatHelpPerHour}
          test={provider?.test ?? true}
          available={!!provider}
          messages={messages}
          texts={{ legend: tc('hoursLegend'), hours: Object.fromEntries(CHAT_HOUR_OPTIONS.map((h) => [h, tc('hours', { count: h })])) }}
        />
      </div>
    </div>
  );
}

/**
 * A seat in a group (/checkout?group=7, from the group's page): what the seat buys (the lessons not
 * yet started at the group's price), then the island that holds the seat and opens the bank's page,
 * or a full group's waitlist. Read from the database, not the cached list: the seats left are now's.
 * `hold` (&hold=1: the waitlist's offer and the cabinet's held seat link here so): the reader holds a
 * seat, which counts among those taken, so a full group still offers the payment; the checkout's call
 * answers `group_full` to anyone who does not hold one.
 */
async function groupCheckout(locale: Locale, groupId: number, hold: boolean) {
  const group = await publicGroup(await getDb(), groupId);
  const t = await getTranslations('Checkout');
  const tg = await getTranslations('GroupPages');
  if (!group || !(group.status === 'open' || group.status === 'running') || group.lessonsLeft === 0) {
    return (
      <div className="container-page max-w-3xl py-10 md:py-14">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{tg('checkout.unavailableTitle')}</h1>
        <p className="mt-3 text-muted">{tg('page.closed')}</p>
        <p className="mt-6">
          <Link href="/groups" className="font-medium text-brand-dark underline-offset-2 hover:underline">
            {tg('page.back')}
          </Link>
        </p>
      </div>
    );
  }
  const provider = paymentProvider();
  const title = await groupTitle(group);
  const price = (tiyn: number) => formatTenge(Math.round(tiyn / 100), locale);
  const full = group.seatsLeft === 0 && !hold;
  const row = 'flex justify-between gap-4 border-b border-line py-2 last:border-b-0';
  const messages = (await getMessages()).Checkout as PlainMessages;
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{tg('checkout.title', { group: title })}</h1>
      <p className="mt-3 text-base text-muted">{await scheduleLine(group)}</p>
      {!provider && !full && <p className="mt-4 rounded-xl border border-danger/40 p-4">{t('unavailable')}</p>}
      <section aria-labelledby="seat-breakdown" className="mt-8 rounded-2xl border border-line p-5" data-testid="breakdown">
        <h2 id="seat-breakdown" className="text-lg font-semibold">
          {t('breakdown')}
        </h2>
        <dl className="mt-3 text-sm">
          <div className={row}>
            <dt>{tg('checkout.lessonsLeft')}</dt>
            <dd>{group.lessonsLeft}</dd>
          </div>
          <div className={row}>
            <dt>{t('perLesson')}</dt>
            <dd>{price(group.pricePerLessonTiyn)}</dd>
          </div>
          <div className={`${row} text-base font-semibold`}>
            <dt>{t('total')}</dt>
            <dd data-testid="total">{price(group.priceNowTiyn)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-muted">{full ? tg('page.waitlistHint', { hours: WAITLIST_OFFER_HOURS }) : tg('checkout.holdNote', { minutes: GROUP_HOLD_MINUTES })}</p>
        <p className="mt-2 text-xs text-muted">{tg('page.rules.leave')}</p>
      </section>
      <div className="mt-6">
        <SeatCheckout
          groupId={group.id}
          path={localePath(locale, `/checkout?group=${group.id}${hold ? '&hold=1' : ''}`)}
          full={full}
          totalTiyn={group.priceNowTiyn}
          test={provider?.test ?? true}
          available={!!provider}
          messages={messages}
          texts={{ waitlistJoin: tg('page.waitlistJoin'), waitlistDone: tg.raw('checkout.waitlisted') as string, waitlistSignIn: tg('checkout.waitlistSignIn') }}
        />
      </div>
    </div>
  );
}
