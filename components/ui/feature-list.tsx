import type { ReactNode } from 'react';

// The ticked lists of the landings, the tariff cards and the test pages. No 'use client': a server
// component renders it, and the tariff page hands the rendered lists to its plan cards.

export type FeatureListVariant = 'points' | 'features' | 'plan' | 'facts';

export interface FeatureItem {
  key: string;
  content: ReactNode;
}

const ITEM: Record<FeatureListVariant, string> = {
  /** Short lines under a hero. */
  points: 'flex items-center gap-2.5',
  /** A title and a sentence each. */
  features: 'flex gap-3',
  /** What a tariff plan includes. */
  plan: 'flex gap-2',
  /** Boxed facts of a test page. */
  facts: 'flex items-start gap-3 rounded-xl bg-brand-tint/60 px-4 py-3',
};

/** The mint disc with a white tick (landings), or a bare tick (plans, facts). */
function Tick({ variant }: { variant: FeatureListVariant }) {
  if (variant === 'plan') {
    return (
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18" className="mt-0.5 shrink-0 text-mint">
        <path d="M3.5 9.5l3.5 3.5 7.5-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    );
  }
  if (variant === 'facts') {
    return (
      <svg aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-dark" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  const size = variant === 'points' ? 20 : 24;
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" className={variant === 'points' ? 'shrink-0' : 'mt-0.5 shrink-0'}>
      <circle cx="12" cy="12" r="12" fill="#2ec4a6" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A list whose items each start with a tick; `className` lays out the list. */
export function FeatureList({ items, variant, className }: { items: readonly FeatureItem[]; variant: FeatureListVariant; className?: string }) {
  return (
    <ul className={className}>
      {items.map(({ key, content }) => (
        <li key={key} className={ITEM[variant]}>
          <Tick variant={variant} />
          {content}
        </li>
      ))}
    </ul>
  );
}
