import type { ReactNode } from 'react';

/**
 * The card of the back office's and the HR portal's ways in (sign-in, enrolment, set and forgotten
 * password): a title, an optional intro, the form, and an optional line under it. `wide` for a form
 * that shows recovery codes; `tight` puts the form closer to a title with no intro.
 */
export function AuthCard({ title, intro, wide, tight, footer, children }: { title: string; intro?: string; wide?: boolean; tight?: boolean; footer?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div className={`w-full ${wide ? 'max-w-lg' : 'max-w-sm'} rounded-2xl bg-white p-6 shadow-sm`}>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
        <div className={tight ? 'mt-4' : 'mt-6'}>{children}</div>
        {footer}
      </div>
    </main>
  );
}
