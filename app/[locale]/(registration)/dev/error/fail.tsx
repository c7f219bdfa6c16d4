'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** Throws `message` once it renders in the browser (not on the server), carrying `status` as an API error does. */
export function FailInBrowser({ message, status }: { message: string; status?: number }) {
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  if (inBrowser) throw Object.assign(new Error(message), status ? { status } : {});
  return null;
}
