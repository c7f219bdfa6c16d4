import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { GroupCard as Card } from '@/lib/groups/catalogue';
import { formatTenge } from '@/lib/tariffs';
import { GroupSeatBadge } from './group-seat';

/** The schedule line of a group: "Tue, Thu at 18:30, 60 min" (Almaty time). */
export async function scheduleLine(g: Pick<Card, 'weekdays' | 'startTime' | 'durationMinutes'>): Promise<string> {
  const t = await getTranslations('GroupPages');
  const tt = await getTranslations('Tutors');
  const days = g.weekdays.map((d) => tt(`weekdays.${d}` as never)).join(', ');
  return t('card.schedule', { days, time: g.startTime, minutes: g.durationMinutes });
}

/** A group's title: "English, B1". */
export async function groupTitle(g: Pick<Card, 'subject' | 'level'>): Promise<string> {
  const t = await getTranslations('GroupPages');
  const tw = await getTranslations('Registration.tutor');
  return t('card.title', { subject: tw(`subjects.${g.subject}` as never), level: g.level });
}

/**
 * One group in the public list (/groups) and on the tests' result pages: what it is, when, who
 * teaches, seats left and what a seat costs now (the lessons not yet started × the price per lesson);
 * a signed-in student's own seat in it is marked in the browser (GroupSeatBadge).
 */
export async function GroupCard({ group: g, href, locale }: { group: Card; href: string; locale: string }) {
  const t = await getTranslations('GroupPages');
  const format = await getFormatter();
  const title = await groupTitle(g);
  const started = g.status === 'running';
  const full = g.seatsLeft === 0;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-5" data-testid="group-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">{title}</h3>
        <span className="rounded-full bg-brand-tint px-3 py-0.5 text-sm">{t(`ages.${g.ageBand}` as never)}</span>
      </div>
      <p className="font-medium">{await scheduleLine(g)}</p>
      <p className="text-sm text-muted">
        {started
          ? t('card.running', { count: g.lessonsLeft })
          : t('card.starts', { date: format.dateTime(new Date(g.nextLessonAt ?? `${g.startDate}T12:00:00Z`), { day: 'numeric', month: 'long' }), count: g.lessonsCount })}
      </p>
      <p className="text-sm">{t('card.tutor', { name: g.tutor.name })}</p>
      <GroupSeatBadge groupId={g.id} texts={{ paid: t('seat.paid'), held: t('seat.heldShort') }} />
      <p className={`text-sm font-semibold ${full ? 'text-danger' : ''}`} data-testid="seats-left">
        {t('card.seatsLeft', { count: g.seatsLeft, max: g.maxSeats })}
      </p>
      <p className="mt-auto">
        <span className="text-lg font-bold">{t('card.perLesson', { price: formatTenge(g.pricePerLessonTiyn / 100, locale) })}</span>
        <span className="block text-sm text-muted">{t('card.total', { price: formatTenge(g.priceNowTiyn / 100, locale), count: g.lessonsLeft })}</span>
      </p>
      <Link href={href} className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-dark px-4 font-semibold text-white hover:opacity-90">
        {full ? t('card.openFull') : t('card.open')}
        <span className="sr-only">: {title}</span>
      </Link>
    </li>
  );
}
