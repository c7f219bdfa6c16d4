'use client';

import { useTranslations } from 'next-intl';

// The specification's four rules, checked as the visitor types (the schema gives the same verdict).
const RULES = [
  { key: 'password_latin', ok: (v: string) => v.length > 0 && /^[\x21-\x7e]+$/.test(v) },
  { key: 'password_capital', ok: (v: string) => /[A-Z]/.test(v) },
  { key: 'password_digit', ok: (v: string) => /\d/.test(v) },
  { key: 'password_min', ok: (v: string) => v.length >= 8 },
] as const;

export function PasswordRules({ id, value, title, met, notMet }: { id: string; value: string; title: string; met: string; notMet: string }) {
  const tv = useTranslations('Validation');
  return (
    <div id={id} className="mt-2">
      <p className="sr-only">{title}</p>
      <ul className="grid gap-1 text-sm">
        {RULES.map((rule) => {
          const ok = rule.ok(value);
          return (
            <li key={rule.key} data-ok={ok} className={`flex items-center gap-2 ${ok ? 'text-[#0b7a63]' : 'text-muted'}`}>
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                {ok ? <path d="M3 8.5l3 3 7-7" /> : <circle cx="8" cy="8" r="5" />}
              </svg>
              <span>
                {tv(rule.key)}
                <span className="sr-only"> — {ok ? met : notMet}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
