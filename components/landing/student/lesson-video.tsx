import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';

const CUES = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'] as const;

/**
 * A 20-second walkthrough of the lesson window (public/media/intro.mp4, rendered from
 * interface-demo.svg) with captions per locale; nothing loads until the visitor presses play.
 */
export async function LessonVideo({ locale }: { locale: string }) {
  const t = await getTranslations('StudentLanding.video');
  return (
    <Section id="video" tone="dark" title={t('title')} lead={t('lead')}>
      <div className="mx-auto max-w-4xl">
        <video
          controls
          preload="none"
          playsInline
          poster="/images/illustrations/video-poster.svg"
          width={960}
          height={540}
          className="aspect-video h-auto w-full rounded-2xl bg-brand"
        >
          <source src="/media/intro.mp4" type="video/mp4" />
          <track kind="captions" src={`/media/intro-${locale}.vtt`} srcLang={locale} label={t('track')} default />
          <p>
            {t('fallback')} <a href="/media/intro.mp4">{t('download')}</a>
          </p>
        </video>
        <details className="mt-6 rounded-xl bg-white/10 p-4">
          <summary className="cursor-pointer font-medium">{t('transcript')}</summary>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-white/85">
            {CUES.map((cue) => (
              <li key={cue}>{t(`cues.${cue}`)}</li>
            ))}
          </ol>
        </details>
      </div>
    </Section>
  );
}
