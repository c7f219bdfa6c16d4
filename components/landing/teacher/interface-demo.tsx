import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { LessonRoomPicture } from '@/components/landing/lesson-room-picture';

const FEATURES = [
  { key: 'video', icon: 'format-individual' },
  { key: 'whiteboard', icon: 'method-homework' },
  { key: 'notes', icon: 'goal-exam' },
  { key: 'progress', icon: 'method-progress' },
  { key: 'dictionary', icon: 'subject-english' },
  { key: 'chat', icon: 'chat' },
] as const;

/** The virtual classroom: a screenshot-like illustration and its labelled features. */
export async function InterfaceDemo() {
  const t = await getTranslations('TeacherLanding.demo');
  return (
    <Section id="classroom" title={t('title')} lead={t('lead')}>
      <div className="grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
        <LessonRoomPicture alt={t('imageAlt')} />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
          {FEATURES.map(({ key, icon }) => (
            <li key={key} className="flex items-start gap-4">
              <Image src={`/images/icons/${icon}.svg`} alt="" width={40} height={40} unoptimized className="shrink-0" />
              <div>
                <h3 className="font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted">{t(`features.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
