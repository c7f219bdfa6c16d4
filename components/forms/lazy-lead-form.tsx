'use client';

import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslations } from 'next-intl';
import type { LeadFormProps } from './lead-form';

let loaded: ComponentType<LeadFormProps> | undefined;

/** The form (react-hook-form, zod, axios, captcha) loads when it nears the viewport. */
export function LazyLeadForm(props: LeadFormProps) {
  const t = useTranslations('Common');
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
    <div ref={ref} className="flex min-h-[19rem] items-center justify-center rounded-xl border border-dashed border-line text-sm text-muted">
      {t('loading')}
    </div>
  );
}
