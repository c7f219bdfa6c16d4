import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';

/** A public page's frame in its audience's variant: the site's header, the page as the main landmark, the footer. */
export function SiteFrame({ variant, mainClassName = 'flex-1', children }: { variant: 'student' | 'teacher'; mainClassName?: string; children: ReactNode }) {
  return (
    <>
      <SiteHeader variant={variant} />
      <main id="main" className={mainClassName}>
        {children}
      </main>
      <SiteFooter variant={variant} />
    </>
  );
}
