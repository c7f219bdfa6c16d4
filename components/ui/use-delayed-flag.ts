'use client';

import { useEffect, useState } from 'react';

/** Spec: a data fetch shows its loading state only once it has taken this long (no flash for a fast answer). */
export const LOADING_DELAY_MS = 200;

/** True once `active` has stayed true for `delayMs`; false again as soon as it ends. */
export function useDelayedFlag(active: boolean, delayMs = LOADING_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active, delayMs]);
  return active && shown;
}
