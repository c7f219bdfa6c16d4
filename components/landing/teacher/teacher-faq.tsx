import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { FaqList, type FaqItem } from '@/components/faq/faq-list';
import { Section } from '@/components/ui/section';

/** Five common tutor questions; the rest live on /teach-faq. */
export async function TeacherFaq() {
  const t = await getTranslations('TeacherLanding.faq');
  const items = Object.values(t.raw('items') as Record<string, FaqItem>);
  return (
    <Section id="faq" title={t('title')} lead={t('lead')}>
      <div className="max-w-4xl">
        <FaqList items={items} />
        <Link
          href="/teach-faq"
          className="mt-6 inline-flex items-center gap-2 rounded-lg font-semibold text-brand-dark underline underline-offset-4 hover:text-ink"
        >
          {t('more')}
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </Section>
  );
}
