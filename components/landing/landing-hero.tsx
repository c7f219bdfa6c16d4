import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ButtonAnchor, ButtonLink } from '@/components/ui/button';
import { Hero } from '@/components/ui/hero';
import Image from '@/components/ui/image';

/** A call to action: a page of the site, or an `#anchor` on this page. */
function Action({ href, tone, className, secondary, children }: { href: string; tone: 'landing' | 'teacher'; className?: string; secondary?: boolean; children: ReactNode }) {
  const style = { tone, className, variant: secondary ? ('secondary' as const) : undefined };
  return href.startsWith('#') ? <ButtonAnchor href={href} {...style}>{children}</ButtonAnchor> : <ButtonLink href={href} {...style}>{children}</ButtonLink>;
}

/**
 * A landing's first screen from its messages: `namespace` holds eyebrow, title, lead, cta and
 * secondary (the two calls to action), imageAlt (none: the picture is decorative), and with `facts`
 * each fact's value and label (facts.<key>.value/.label) and factsLabel, shown as cards under it.
 * The spacing is the page's own (Hero's layout props).
 */
export async function LandingHero({
  namespace,
  tone,
  cta,
  secondary,
  actionClassName,
  image,
  facts,
  factsClassName,
  after,
  ...layout
}: {
  namespace: string;
  tone: 'landing' | 'teacher';
  /** Where the two calls to action lead. */
  cta: string;
  secondary: string;
  actionClassName?: string;
  image: { src: string; width: number; height: number; className: string };
  facts?: readonly string[];
  /** Spacing around the facts. */
  factsClassName?: string;
  after?: ReactNode;
  as?: 'section' | 'div';
  titleId?: string;
  className?: string;
  gridClassName: string;
  titleClassName?: string;
  actionsClassName?: string;
}) {
  const t = await getTranslations(namespace);
  return (
    <Hero
      {...layout}
      eyebrow={t('eyebrow')}
      title={t('title')}
      lead={t('lead')}
      actions={
        <>
          <Action href={cta} tone={tone} className={actionClassName}>
            {t('cta')}
          </Action>
          <Action href={secondary} tone={tone} className={actionClassName} secondary>
            {t('secondary')}
          </Action>
        </>
      }
      after={after}
      media={<Image src={image.src} alt={t.has('imageAlt') ? t('imageAlt') : ''} width={image.width} height={image.height} priority className={image.className} />}
    >
      {facts && (
        <div className={`container-page ${factsClassName ?? ''}`}>
          <ul aria-label={t.has('factsLabel') ? t('factsLabel') : undefined} className="grid gap-3 sm:grid-cols-3 md:gap-6">
            {facts.map((key) => (
              <li key={key} className="rounded-2xl bg-white p-5 shadow-sm md:p-6">
                <span className="block text-2xl font-bold text-brand-dark md:text-3xl">{t(`facts.${key}.value`)}</span>
                <span className="mt-1 block text-sm text-muted md:text-base">{t(`facts.${key}.label`)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Hero>
  );
}
