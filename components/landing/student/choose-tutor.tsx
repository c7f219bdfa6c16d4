import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { Section } from '@/components/ui/section';
import { SHORTLIST, TUTORS } from './tutors';

const STEPS = ['s1', 's2', 's3'] as const;

/** How matching works, and a sample shortlist of three tutors. */
export async function ChooseTutor() {
  const t = await getTranslations('StudentLanding');
  const tc = await getTranslations('Tutors');
  const shortlist = SHORTLIST.map((id) => TUTORS.find((tutor) => tutor.id === id)!);
  return (
    <Section id="tutors" tone="tint" title={t('tutors.title')} lead={t('tutors.lead')}>
      <div className="grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
        <div>
          <Image src="/images/icons/tutor-search.svg" alt="" width={64} height={64} unoptimized />
          <ol className="mt-6 grid gap-5">
            {STEPS.map((step, i) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-dark font-semibold text-white"
                >
                  {i + 1}
                </span>
                <p className="pt-1 text-base md:text-lg">{t(`tutors.steps.${step}`)}</p>
              </li>
            ))}
          </ol>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm md:p-8">
          <h3 className="text-lg font-semibold">{t('tutors.matchTitle')}</h3>
          <ul className="mt-5 grid gap-4">
            {shortlist.map((tutor) => (
              <li key={tutor.id} className="flex items-center gap-4 rounded-xl border border-line p-3">
                <Image src={tutor.image} alt="" width={64} height={64} unoptimized className="size-16 shrink-0 rounded-xl" />
                <div className="min-w-0">
                  <p className="font-semibold">{t(`people.${tutor.id}.name`)}</p>
                  <p className="text-sm text-muted">{t(`people.${tutor.id}.subject`)}</p>
                  <p className="mt-1.5 inline-block rounded-full bg-mint/15 px-2.5 py-0.5 text-xs font-medium text-ink">
                    {t(`tutors.tags.${tutor.id}`)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Link href="/tutors" className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-dark underline-offset-2 hover:underline" data-testid="choose-tutor-link">
            {tc('chooseTutor')} →
          </Link>
        </div>
      </div>
    </Section>
  );
}
