import type { ReactNode } from 'react';
import { RegistrationTopBar } from './top-bar';

/** Page frame of the registration flows: top bar, the page's one h1, a lead and a card. */
export function RegistrationPage({ title, lead, children, wide = false }: { title: string; lead?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <>
      <RegistrationTopBar />
      <div className={`mx-auto w-full flex-1 px-4 py-8 md:py-12 ${wide ? 'max-w-4xl' : 'max-w-2xl'}`}>
        <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{title}</h1>
        {lead && <p className="mt-2 text-base text-muted">{lead}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </>
  );
}

/** The white card a wizard lives in. */
export function RegistrationCard({ children }: { children: ReactNode }) {
  return <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-8">{children}</div>;
}
