import type { ReactNode } from 'react';

export const adminInputClass =
  'block w-full rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink focus:border-brand-dark focus:outline-none aria-[invalid=true]:border-danger';
export const adminButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-dark px-4 py-2 text-sm font-medium text-white hover:bg-[#005a9c] disabled:opacity-60';
export const adminSecondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-line bg-white px-4 py-2 text-sm font-medium text-ink hover:border-brand disabled:opacity-60';

/** A GET form of filters: the list reads them from the URL, so a filtered view can be bookmarked and shared. */
export function FilterBar({ action, children, labels }: { action: string; children: ReactNode; labels: { apply: string; reset: string; title: string } }) {
  return (
    <form action={action} method="get" role="search" aria-label={labels.title} className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-3">
      {children}
      <div className="flex gap-2">
        <button type="submit" className={adminButtonClass}>
          {labels.apply}
        </button>
        <a href={action} className={adminSecondaryButtonClass}>
          {labels.reset}
        </a>
      </div>
    </form>
  );
}

export function FilterField({ id, label, children, wide }: { id: string; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-52 flex-1' : 'min-w-36'}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter's select: "all" first (the empty value), then the given values with their labels. */
export function FilterSelect({ id, name, label, value, allLabel, options }: { id: string; name: string; label: string; value?: string; allLabel: string; options: [string, string][] }) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ''} className={adminInputClass}>
        <option value="">{allLabel}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** A filter's text, search or date input. */
export function FilterInput({ id, name, label, value, type = 'text', wide }: { id: string; name: string; label: string; value?: string; type?: 'text' | 'search' | 'date'; wide?: boolean }) {
  return (
    <FilterField id={id} label={label} wide={wide}>
      <input id={id} name={name} type={type} defaultValue={value ?? ''} className={adminInputClass} />
    </FilterField>
  );
}

/** A form's submit button and its status line (announced to screen readers), as every admin form ends. */
export function FormFooter({ label, submitting, status }: { label: string; submitting: boolean; status?: { ok: boolean; text: string } | null }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" className={adminButtonClass} disabled={submitting} aria-busy={submitting}>
        {label}
      </button>
      <p role="status" className={`text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`}>
        {status?.text}
      </p>
    </div>
  );
}
