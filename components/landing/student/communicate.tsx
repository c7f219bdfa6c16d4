import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';

const FEATURES = ['video', 'whiteboard', 'notes', 'progress', 'dictionary', 'chat'] as const;

/** The lesson window: one-on-one video, whiteboard, notes, progress scale, dictionary, chat. */
export async function Communicate() {
  const t = await getTranslations('StudentLanding.communicate');
  return (
    <Section id="communicate" tone="tint" title={t('title')} lead={t('lead')}>
      <div className="grid items-center gap-10 lg:grid-cols-[1.35fr_1fr]">
        <Image
          src="/images/illustrations/interface-demo.svg"
          alt={t('imageAlt')}
          width={960}
          height={600}
          unoptimized
          className="h-auto w-full"
        />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          {FEATURES.map((key) => (
            <li key={key} className="flex gap-3">
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" className="mt-0.5 shrink-0">
                <circle cx="12" cy="12" r="12" fill="#2ec4a6" />
                <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <div>
                <h3 className="font-semibold">{t(`items.${key}.title`)}</h3>
                <p className="text-sm text-muted">{t(`items.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
