import { inputClass } from './ui';

/** The label of a filter control. */
const FilterLabel = ({ id, label }: { id: string; label: string }) => (
  <label htmlFor={id} className="mb-1 block text-sm font-medium">
    {label}
  </label>
);

/** A text or date filter of a portal list's GET form. */
export function FilterInput({ id, name, label, value, type = 'text', className }: { id: string; name: string; label: string; value?: string; type?: 'text' | 'date'; className?: string }) {
  return (
    <div className={className}>
      <FilterLabel id={id} label={label} />
      <input id={id} type={type === 'text' ? undefined : type} name={name} defaultValue={value ?? ''} className={inputClass} />
    </div>
  );
}

/** A choice filter of a portal list's GET form: "all" first, then the options as [value, label]. */
export function FilterSelect({ id, name, label, value, all, options }: { id: string; name: string; label: string; value?: string; all: string; options: readonly (readonly [string, string])[] }) {
  return (
    <div>
      <FilterLabel id={id} label={label} />
      <select id={id} name={name} defaultValue={value ?? ''} className={inputClass}>
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
