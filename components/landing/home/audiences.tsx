import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { ButtonLink } from '@/components/ui/button';

const AUDIENCES = [
  { key: 'learn', href: '/student', image: '/images/illustrations/hero-student.svg' },
  { key: 'teach', href: '/teacher', image: '/images/illustrations/hero-teacher.svg' },
] as const;

/** Two doors: learn (student landing) or teach (tutor landing). */
export async function Audiences() {
  const t = await getTranslations('Home.audiences');
  return (
    <Section id="start" title={t('title')}>
      <ul className="grid gap-6 md:grid-cols-2">
        {AUDIENCES.map((a) => (
          <li key={a.key} className="flex flex-col overflow-hidden rounded-3xl border border-line bg-white shadow-sm">
            <div className="bg-brand-tint/60 px-6 pt-6">
              <Image src={a.image} alt="" width={560} height={440} unoptimized className="mx-auto h-auto w-full max-w-[22rem]" />
            </div>
            <div className="flex flex-1 flex-col p-6 md:p-8">
              <h3 className="text-2xl font-bold">{t(`${a.key}.title`)}</h3>
              <p className="mt-3 text-muted">{t(`${a.key}.text`)}</p>
              <p className="mt-auto pt-6">
                <ButtonLink href={a.href} tone="landing">
                  {t(`${a.key}.cta`)}
                </ButtonLink>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
