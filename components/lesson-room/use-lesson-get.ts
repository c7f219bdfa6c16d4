'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';

/** Why a lesson's page cannot open: the answer's status and its message in the page's language. */
export type LessonRefusal = { status: number; message: string };

/**
 * One GET of a lesson's own call (the room's entry, the record) once signed in: the answer, or the
 * refusal to show (403 someone else's lesson, 404, 409 not open yet), `failed` when there was no answer.
 */
export function useLessonGet<T>(url: string, signedIn: boolean, failed: string) {
  const [data, setData] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<LessonRefusal | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api.get<T>(url).then(
      (res) => live && setData(res.data),
      (err: unknown) => {
        if (!live) return;
        const status = (err as { response?: { status?: number } }).response?.status ?? 0;
        setRefusal({ status, message: apiErrorBody(err)?.message ?? failed });
      },
    );
    return () => {
      live = false;
    };
  }, [signedIn, url, failed]);
  return { data, setData, refusal, setRefusal };
}
