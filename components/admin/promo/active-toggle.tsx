'use client';

import { useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { adminSecondaryButtonClass } from '@/components/admin/ui/form';

/** Deactivates (or activates again) a promo code in one click: reversible, audit-logged on the server. */
export function PromoActiveToggle({ id, active, labels }: { id: number; active: boolean; labels: { activate: string; deactivate: string } }) {
  const router = useRouter();
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    setPending(true);
    setError(null);
    try {
      await fetchJson(`/api/admin/promo/${id}`, { method: 'PATCH', body: { active: !active }, locale });
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiCallError ? err.message : String(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={toggle} disabled={pending} aria-busy={pending} className={adminSecondaryButtonClass}>
        {active ? labels.deactivate : labels.activate}
      </button>
      <span role="status" className="text-sm text-danger">
        {error}
      </span>
    </span>
  );
}
