'use client';

import { useEffect, useState } from 'react';

export interface ApiGetOptions {
  /** Query parameters; an empty value is left out. */
  params?: Record<string, string>;
  /** Wait this long first (a search box typing): a newer call replaces the waiting one. */
  delayMs?: number;
  /** Anything that, when it changes, asks again (a version bumped after a save). */
  again?: unknown;
}

/**
 * A signed-in GET for a cabinet panel: asks `path` through the API client (loaded on first use, so
 * it stays out of the page's first JS) whenever `path`, the parameters or `again` change, and not at
 * all while `path` is null (no token yet). An answer to an older question is dropped. `failed` is
 * set when the last one failed; the data shown before stays.
 */
export function useApiGet<T>(path: string | null, { params, delayMs = 0, again }: ApiGetOptions = {}) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const query = new URLSearchParams(Object.entries(params ?? {}).filter(([, v]) => v !== '')).toString();

  useEffect(() => {
    if (!path) return;
    let live = true;
    const timer = setTimeout(() => {
      import('@/lib/browser/api/client')
        .then(({ api }) => api.get<T>(query ? `${path}?${query}` : path))
        .then(
          (res) => {
            if (!live) return;
            setData(res.data);
            setFailed(false);
          },
          () => live && setFailed(true),
        );
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, query, delayMs, again]);

  return { data, failed };
}
