import { getTranslations } from 'next-intl/server';
import { FeatureList } from '@/components/ui/feature-list';
import { Section } from '@/components/ui/section';
import { LessonRoomPicture } from '@/components/landing/lesson-room-picture';

const FEATURES = ['video', 'whiteboard', 'notes', 'progress', 'dictionary', 'chat'] as const;

/** The lesson window: one-on-one video, whiteboard, notes, progress scale, dictionary, chat. */
export async function Communicate() {
  const t = await getTranslations('StudentLanding.communicate');
  return (
    <Section id="communicate" tone="tint" title={t('title')} lead={t('lead')}>
      <div className="grid items-center gap-10 lg:grid-cols-[1.35fr_1fr]">
        <LessonRoomPicture alt={t('imageAlt')} />
        <FeatureList
          variant="features"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1"
          items={FEATURES.map((key) => ({
            key,
            content: (
              <div>
                <h3 className="font-semibold">{t(`items.${key}.title`)}</h3>
                <p className="text-sm text-muted">{t(`items.${key}.text`)}</p>
              </div>
            ),
          }))}
        />
      </div>
    </Section>
  );
}
