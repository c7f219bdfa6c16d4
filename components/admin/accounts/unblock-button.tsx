'use client';

import { useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { adminSecondaryButtonClass } from '@/components/admin/ui/form';

/** Unblocks an account (admins; the server checks again), then renders the page afresh. */
export function UnblockButton({ url, labels }: { url: string; labels: { unblock: string; done: string } }) {
  const router = useRouter();
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  async function unblock() {
    setPending(true);
    setStatus(null);
    try {
      await fetchJson(url, { body: {}, locale });
      setStatus({ ok: true, text: labels.done });
      router.refresh();
    } catch (err) {
      setStatus({ ok: false, text: err instanceof ApiCallError ? err.message : String(err) });
    } finally {
      setPending(false);
    }
  }
  return (
    <div>
      <button type="button" className={adminSecondaryButtonClass} onClick={unblock} disabled={pending} aria-busy={pending}>
        {labels.unblock}
      </button>
      <p role="status" className={`mt-2 text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`}>
        {status?.text}
      </p>
    </div>
  );
}
