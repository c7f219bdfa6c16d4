import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { Slider } from '@/components/slider/slider';

const LETTERS = ['l1', 'l2', 'l3', 'l4'] as const;

/** Thumbnails of recommendation letters from corporate clients, each with a one-line quote. */
export async function Letters() {
  const t = await getTranslations('StudentLanding.letters');
  return (
    <Section id="letters" title={t('title')} lead={t('lead')}>
      <Slider label={t('sliderLabel')}>
        {LETTERS.map((id, i) => {
          const company = t(`items.${id}.company`);
          return (
            <figure key={id} className="flex h-full flex-col rounded-2xl border border-line bg-brand-tint/40 p-5">
              <Image
                src={`/images/letters/letter-${i + 1}.svg`}
                alt={t('thumb', { company })}
                width={300}
                height={420}
                unoptimized
                className="mx-auto h-auto w-full max-w-[15rem] rounded-lg shadow-md"
              />
              <figcaption className="mt-5">
                <p className="font-semibold">{company}</p>
                <blockquote className="mt-1 text-muted">
                  <p>{t(`items.${id}.quote`)}</p>
                </blockquote>
              </figcaption>
            </figure>
          );
        })}
      </Slider>
    </Section>
  );
}
