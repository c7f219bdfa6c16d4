import type { ReactNode } from 'react';

const LOOKS = {
  plain: 'rounded-2xl bg-white p-5 shadow-sm',
  /** A card the reader must not miss (the legal basis of an import). */
  caution: 'rounded-2xl border border-amber-200 bg-amber-50 p-5',
};

/** A portal page's titled card: a section named by its heading. `className`: the card's spacing (space-y-*), before its look's classes. */
export function PortalCard({ id, title, className, look = 'plain', children }: { id: string; title: ReactNode; className?: string; look?: keyof typeof LOOKS; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${className ? `${className} ` : ''}${LOOKS[look]}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
