'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';

export interface Choice {
  value: string;
  label: string;
  description?: string;
}

/** Radio buttons drawn as cards: one fieldset, native radios, arrow keys work as usual. */
export function ChoiceCards({
  id,
  legend,
  legendHidden = false,
  choices,
  registration,
  error,
  columns = 1,
}: {
  id: string;
  legend: string;
  legendHidden?: boolean;
  choices: Choice[];
  registration: UseFormRegisterReturn;
  error?: string;
  columns?: 1 | 2;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={legendHidden ? 'sr-only' : 'mb-2 text-sm font-medium text-ink'}>{legend}</legend>
      <div className={`grid gap-3 ${columns === 2 ? 'sm:grid-cols-2' : ''}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-line bg-white p-4 transition-colors duration-150 hover:border-brand-dark has-[:checked]:border-brand-dark has-[:checked]:bg-brand-tint has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
          >
            <input
              type="radio"
              value={choice.value}
              className="mt-0.5 size-5 shrink-0 accent-brand-dark focus-visible:outline-none"
              {...registration}
            />
            <span>
              <span className="block text-base font-medium text-ink">{choice.label}</span>
              {choice.description && <span className="mt-0.5 block text-sm text-muted">{choice.description}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
