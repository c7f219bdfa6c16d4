import Image from '@/components/ui/image';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { Section } from '@/components/ui/section';
import { formatTenge, TEACHER_PLANS } from '@/lib/tariffs';

const REASONS = [
  { key: 'students', icon: 'tutor-search' },
  { key: 'schedule', icon: 'why-time' },
  { key: 'materials', icon: 'method-homework' },
  { key: 'payouts', icon: 'why-security' },
  { key: 'chat', icon: 'chat' },
] as const;

/** Why teach with Tilmen: five reasons and a pointer to the tutor tariff plans. */
export async function WhyTeach() {
  const [t, locale] = await Promise.all([getTranslations('TeacherLanding.why'), getLocale()]);
  const minEarning = Math.min(...TEACHER_PLANS.map((p) => p.basePrice));
  return (
    <Section id="why" title={t('title')} lead={t('lead')}>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {REASONS.map(({ key, icon }) => (
          <li key={key} className="rounded-2xl border border-line bg-white p-6">
            <Image src={`/images/icons/${icon}.svg`} alt="" width={56} height={56} unoptimized />
            <h3 className="mt-4 text-lg font-semibold">{t(`items.${key}.title`)}</h3>
            <p className="mt-2 text-muted">{t(`items.${key}.text`)}</p>
          </li>
        ))}
        <li className="flex flex-col justify-center rounded-2xl bg-ink p-6 text-white">
          <h3 className="text-lg font-semibold">{t('tariffs.title')}</h3>
          <p className="mt-2 text-white/80">{t('tariffs.text', { amount: formatTenge(minEarning, locale) })}</p>
          <Link
            href="/teach-tariff-plans"
            className="mt-4 self-start rounded-lg font-semibold text-white underline decoration-sun decoration-2 underline-offset-4 hover:decoration-white"
          >
            {t('tariffs.link')}
          </Link>
        </li>
      </ul>
    </Section>
  );
}
