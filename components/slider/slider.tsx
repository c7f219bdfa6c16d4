import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { SliderClient } from './slider-client';

/** Server side of the carousel: translated control labels, slides rendered here. */
export async function Slider({ label, children, autoplay = false }: { label: string; children: ReactNode; autoplay?: boolean }) {
  const t = await getTranslations('Slider');
  const labels = { prev: t('prev'), next: t('next'), slide: t('slide', { index: '{{index}}', total: '{{slidesLength}}' }) };
  return (
    <SliderClient label={label} labels={labels} autoplay={autoplay}>
      {children}
    </SliderClient>
  );
}
