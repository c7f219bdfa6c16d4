'use client';

import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { LeadFormProps } from './lead-form';

let loaded: ComponentType<LeadFormProps> | undefined;

/** The form (react-hook-form, zod, axios, captcha) loads when it nears the viewport. */
export function LazyLeadForm({ loadingLabel, ...props }: LeadFormProps & { loadingLabel?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [Form, setForm] = useState<ComponentType<LeadFormProps> | undefined>(() => loaded);

  useEffect(() => {
    if (Form || !ref.current) return;
    let cancelled = false;
    const load = () =>
      import('./lead-form').then((m) => {
        loaded = m.default;
        if (!cancelled) setForm(() => m.default);
      });
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void load();
      }
    }, { rootMargin: '600px' });
    io.observe(ref.current);
    return () => {
      cancelled = true;
      io.disconnect();
    };
  }, [Form]);

  if (Form) return <Form {...props} />;
  return (
    <div ref={ref} role="status" aria-busy="true" className="flex min-h-[19rem] items-center justify-center rounded-xl border border-dashed border-line text-sm text-muted">
      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-2 border-line border-t-brand-dark" />
      {loadingLabel && <span className="ml-3">{loadingLabel}</span>}
    </div>
  );
}
