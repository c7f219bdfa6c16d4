import type { ReactNode } from 'react';

// The landings' first screen (home, student, teacher): eyebrow, the page's only h1, the lead and the
// calls to action beside a picture, then whatever the page shows under it. The pages differ in
// spacing only, which they pass in. Marketing pages without a picture use PageHero (./section).

export function Hero({
  as: Tag = 'section',
  titleId,
  eyebrow,
  title,
  lead,
  actions,
  media,
  after,
  children,
  className,
  gridClassName,
  titleClassName = 'sm:text-4xl lg:text-5xl',
  actionsClassName = 'flex-col gap-3 sm:flex-row sm:flex-wrap',
}: {
  /** A `section` labelled by its h1 (needs `titleId`), or a plain `div`. */
  as?: 'section' | 'div';
  titleId?: string;
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  actions: ReactNode;
  media: ReactNode;
  /** Under the calls to action, in the text column. */
  after?: ReactNode;
  /** Below the picture and the text, inside the tinted band. */
  children?: ReactNode;
  /** Extra classes of the tinted band (padding, overflow). */
  className?: string;
  /** Columns, gaps and padding of the grid. */
  gridClassName: string;
  /** The h1's responsive sizes. */
  titleClassName?: string;
  /** How the calls to action wrap. */
  actionsClassName?: string;
}) {
  return (
    <Tag aria-labelledby={Tag === 'section' ? titleId : undefined} className={className ? `${className} bg-brand-tint/60` : 'bg-brand-tint/60'}>
      <div className={`container-page grid items-center ${gridClassName}`}>
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">{eyebrow}</p>
          <h1 id={titleId} className={`mt-3 text-3xl font-bold tracking-tight text-balance ${titleClassName}`}>
            {title}
          </h1>
          <p className="mt-5 max-w-xl text-base text-muted md:text-lg">{lead}</p>
          <div className={`mt-8 flex ${actionsClassName}`}>{actions}</div>
          {after}
        </div>
        {media}
      </div>
      {children}
    </Tag>
  );
}
