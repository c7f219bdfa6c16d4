'use client';

import { useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';

/** What an action's role="status" line says: the server's message in the page's language, or the done text. */
export type ActionStatus = { ok: boolean; text: string } | null;

/**
 * One call of an office or portal action (approve, mark paid, unblock, order, give lessons): pending
 * while it runs, its outcome as a status line, the page rendered afresh when it went through.
 */
export function useApiAction() {
  const locale = useLocale();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<ActionStatus>(null);
  async function submit<T>(url: string, body: unknown, done: string | ((answer: T) => string), method: 'POST' | 'PUT' | 'PATCH' = 'POST') {
    setPending(true);
    setStatus(null);
    try {
      const answer = await fetchJson<T>(url, { method, body, locale });
      setStatus({ ok: true, text: typeof done === 'string' ? done : done(answer) });
      router.refresh();
    } catch (err) {
      setStatus({ ok: false, text: err instanceof ApiCallError ? err.message : String(err) });
    } finally {
      setPending(false);
    }
  }
  return { pending, status, submit };
}
