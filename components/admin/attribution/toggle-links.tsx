import Link from 'next/link';

/** A set of mutually exclusive views as links (the URL keeps the choice); the current one is marked. */
export function ToggleLinks({ id, label, options }: { id: string; label: string; options: { href: string; label: string; current: boolean }[] }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={id} className="text-xs font-medium text-muted">
        {label}
      </span>
      <div role="group" aria-labelledby={id} className="inline-flex flex-wrap rounded-lg border border-line bg-white p-0.5">
        {options.map((o) => (
          <Link
            key={o.href}
            href={o.href}
            aria-current={o.current ? 'true' : undefined}
            className="rounded-md px-3 py-1.5 text-sm text-ink hover:bg-brand-tint aria-[current=true]:bg-brand-dark aria-[current=true]:text-white"
          >
            {o.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
