import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

const tones = {
  neutral: 'border-line',
  bad: 'border-red-300 bg-red-50/60',
  warn: 'border-amber-300 bg-amber-50/60',
  good: 'border-emerald-300 bg-emerald-50/40',
};

/**
 * One figure of the dashboard: the label, the number, a line under it; the whole card opens the
 * list behind the figure (its accessible name is the label and the value together).
 */
export function FigureCard({ label, value, sub, href, tone = 'neutral', testId }: { label: string; value: ReactNode; sub?: ReactNode; href?: string; tone?: keyof typeof tones; testId?: string }) {
  const body = (
    <>
      <span className="block text-sm text-muted">{label}</span>
      <span className="mt-1 block text-2xl font-bold tracking-tight text-ink tabular-nums sm:text-3xl">{value}</span>
      {sub && <span className="mt-1 block text-xs text-muted">{sub}</span>}
    </>
  );
  const cls = `block h-full rounded-xl border bg-white p-3 sm:p-4 ${tones[tone]}`;
  return (
    <li data-testid={testId}>
      {href ? (
        <Link href={href} className={`${cls} transition-colors hover:border-brand focus-visible:border-brand`}>
          {body}
        </Link>
      ) : (
        <div className={cls}>{body}</div>
      )}
    </li>
  );
}

/** A titled group of cards: a list, so a screen reader announces how many figures it holds. */
export function FigureGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3 xl:grid-cols-4">{children}</ul>
    </section>
  );
}
