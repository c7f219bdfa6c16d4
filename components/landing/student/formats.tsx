import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { Section } from '@/components/ui/section';
import { formatTenge, PRICES } from '@/lib/tariffs';
import { textLink } from './styles';

/** Individual, group and self-study with prices; the home page reuses it with its own heading. */
export async function Formats({
  locale,
  title,
  lead,
  tone = 'white',
}: {
  locale: string;
  title?: string;
  lead?: string;
  tone?: 'white' | 'tint';
}) {
  const t = await getTranslations('StudentLanding.formats');
  const items = [
    { key: 'individual', icon: 'format-individual', price: PRICES.individualFrom },
    { key: 'group', icon: 'format-group', price: PRICES.groupFrom },
    { key: 'self', icon: 'format-self', price: PRICES.chatHelpPerHour },
  ];
  return (
    <Section id="formats" tone={tone} title={title ?? t('title')} lead={lead ?? t('lead')}>
      <ul className="grid gap-4 md:grid-cols-3 md:gap-6">
        {items.map((item) => (
          <li key={item.key} className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
            <Image src={`/images/icons/${item.icon}.svg`} alt="" width={64} height={64} unoptimized />
            <h3 className="mt-4 text-xl font-semibold">{t(`items.${item.key}.title`)}</h3>
            <p className="mt-2 text-muted">{t(`items.${item.key}.text`)}</p>
            <p className="mt-auto pt-6 text-xl font-bold text-brand-dark">
              {t(`items.${item.key}.price`, { price: formatTenge(item.price, locale) })}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link href="/stud-tariff-plans" className={textLink}>
          {t('more')}
          <span aria-hidden="true">→</span>
        </Link>
      </p>
    </Section>
  );
}
