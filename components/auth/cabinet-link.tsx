import type { ReactNode } from 'react';
import NextLink from 'next/link';

/** A path on this site navigates in place (it already carries its locale); another site's URL is a plain link. */
export function CabinetLink({ href, className, children, onClick }: { href: string; className?: string; children: ReactNode; onClick?: () => void }) {
  if (href.startsWith('/')) {
    return (
      <NextLink href={href} className={className} onClick={onClick}>
        {children}
      </NextLink>
    );
  }
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
