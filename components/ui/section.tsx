import type { ReactNode } from 'react';

export function Section({
  id,
  title,
  lead,
  children,
  tone = 'white',
  className = '',
}: {
  id?: string;
  title?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  tone?: 'white' | 'tint' | 'dark';
  className?: string;
}) {
  const bg = tone === 'tint' ? 'bg-brand-tint/60' : tone === 'dark' ? 'bg-ink text-white' : 'bg-white';
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`${bg} py-14 md:py-20 ${className}`}>
      <div className="container-page">
        {title && (
          <h2 id={headingId} className="section-title">
            {title}
          </h2>
        )}
        {lead && <p className={`section-lead ${tone === 'dark' ? 'text-white/80' : 'text-muted'}`}>{lead}</p>}
        <div className={title || lead ? 'mt-8 md:mt-12' : ''}>{children}</div>
      </div>
    </section>
  );
}

export function PageHero({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="bg-brand-tint/60 py-12 md:py-16">
      <div className="container-page">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{title}</h1>
        {lead && <p className="mt-4 max-w-2xl text-base text-muted md:text-lg">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
