'use client';

import { useApiAction } from '@/components/ui/use-api-action';
import { adminSecondaryButtonClass } from '@/components/admin/ui/form';

/** Unblocks an account (admins; the server checks again), then renders the page afresh. */
export function UnblockButton({ url, labels }: { url: string; labels: { unblock: string; done: string } }) {
  const { pending, status, submit } = useApiAction();
  const unblock = () => void submit(url, {}, labels.done);
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
