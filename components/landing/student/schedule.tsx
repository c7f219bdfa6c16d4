import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { Link } from '@/i18n/navigation';

const STEPS = [
  { key: 'request', icon: 'chat' },
  { key: 'trial', icon: 'step-lessons' },
  { key: 'time', icon: 'calendar' },
] as const;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const TIMES = ['09:00', '13:00', '18:00', '20:00'];
// A sample week: 1 = free slot, 0 = booked (rows are TIMES, columns are DAYS).
const SLOTS = [
  [1, 0, 1, 0, 1, 1, 0],
  [0, 1, 0, 1, 0, 1, 1],
  [1, 1, 0, 1, 1, 0, 1],
  [0, 1, 1, 0, 1, 0, 0],
];

export async function Schedule() {
  const t = await getTranslations('StudentLanding.schedule');
  const tt = await getTranslations('Tutors');
  return (
    <Section id="schedule" title={t('title')} lead={t('lead')}>
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-12">
        <ol className="grid gap-6">
          {STEPS.map((step, i) => (
            <li key={step.key} className="flex gap-4">
              <Image src={`/images/icons/${step.icon}.svg`} alt="" width={56} height={56} unoptimized className="size-14 shrink-0" />
              <div>
                <h3 className="text-lg font-semibold">
                  <span className="text-brand-dark">{i + 1}. </span>
                  {t(`steps.${step.key}.title`)}
                </h3>
                <p className="mt-1 text-muted">{t(`steps.${step.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6">
          <div role="img" aria-label={t('calendar.label')} className="grid grid-cols-[3rem_repeat(7,minmax(0,1fr))] gap-1.5 text-center text-xs sm:gap-2 sm:text-sm">
            <span />
            {DAYS.map((day) => (
              <span key={day} className="py-1 font-semibold">
                {t(`calendar.days.${day}`)}
              </span>
            ))}
            {TIMES.map((time, row) => (
              <div key={time} className="contents">
                <span className="py-2 text-left text-muted tabular-nums">{time}</span>
                {SLOTS[row]!.map((free, col) => (
                  <span key={col} className={`slot ${free ? 'bg-brand' : 'bg-line/70'}`} />
                ))}
              </div>
            ))}
          </div>
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="size-3.5 rounded bg-brand" />
              {t('calendar.free')}
            </span>
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="size-3.5 rounded bg-line" />
              {t('calendar.booked')}
            </span>
          </p>
          <Link href="/tutors" className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-dark underline-offset-2 hover:underline" data-testid="schedule-tutors-link">
            {tt('scheduleCta')} →
          </Link>
        </div>
      </div>
    </Section>
  );
}
