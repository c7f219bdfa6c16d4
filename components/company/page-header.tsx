import type { ReactNode } from 'react';

/** A portal page's title and the sentence under it (the home, lessons, results and invoices pages). */
export function PortalPageHeader({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-muted">{intro}</p>
    </div>
  );
}
