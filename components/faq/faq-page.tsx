import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/layout/json-ld';
import { LeadSection } from '@/components/forms/lead-section';
import { PageHero } from '@/components/ui/section';
import { FaqList, faqPageJsonLd, type FaqItem } from './faq-list';

/** /stud-faq and /teach-faq: questions from the StudFaq / TeachFaq namespaces. */
export async function FaqPage({ audience, hoursNote }: { audience: 'student' | 'teacher'; hoursNote?: string }) {
  const t = await getTranslations(audience === 'student' ? 'StudFaq' : 'TeachFaq');
  const items = Object.values(t.raw('items') as Record<string, FaqItem>);
  return (
    <>
      <PageHero title={t('title')} lead={t('lead')} />
      <div className="container-page max-w-4xl py-12 md:py-16">
        <FaqList items={items} />
      </div>
      <LeadSection kind="callback" page={audience === 'student' ? '/stud-faq' : '/teach-faq'} audience={audience} hoursNote={hoursNote} />
      <JsonLd data={faqPageJsonLd(items)} />
    </>
  );
}
