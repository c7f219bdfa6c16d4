'use client';

import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False in the server's HTML and until React has hydrated, then true. Controls that only work with
 * JavaScript are disabled until then: a click on them would otherwise do nothing, or submit a
 * form natively (a password in the query string).
 */
export const useHydrated = () => useSyncExternalStore(noop, () => true, () => false);
