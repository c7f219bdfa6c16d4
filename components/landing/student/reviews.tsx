import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { Slider } from '@/components/slider/slider';

const REVIEWS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'] as const;
const AVATAR = ['bg-brand-tint', 'bg-sun/30', 'bg-mint/20', 'bg-coral/20'];

/** Student and parent reviews in a slider; the home page shows it too. */
export async function Reviews({ tone = 'tint' }: { tone?: 'white' | 'tint' | 'dark' }) {
  const t = await getTranslations('StudentLanding.reviews');
  return (
    <Section id="reviews" tone={tone} title={t('title')} lead={t('lead')}>
      <Slider label={t('sliderLabel')}>
        {REVIEWS.map((id, i) => (
          <figure key={id} className="review-card">
            <blockquote className="text-base">
              <p>{t(`items.${id}.text`)}</p>
            </blockquote>
            <figcaption className="mt-auto flex items-center gap-3 pt-6">
              <span
                aria-hidden="true"
                className={`flex size-11 shrink-0 items-center justify-center rounded-full font-semibold ${AVATAR[i % AVATAR.length]}`}
              >
                {t(`items.${id}.name`).charAt(0)}
              </span>
              <span className="min-w-0 text-sm">
                <span className="block font-semibold">{t(`items.${id}.name`)}</span>
                <span className="block text-muted">
                  {t(`items.${id}.role`)}, {t(`items.${id}.city`)}
                </span>
                <span className="mt-1 block">
                  <span className="text-muted">{t('progress')}: </span>
                  <span className="font-medium text-brand-dark">
                    {t(`items.${id}.from`)} → {t(`items.${id}.to`)}
                  </span>
                </span>
              </span>
            </figcaption>
          </figure>
        ))}
      </Slider>
    </Section>
  );
}
