'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** Tells the visitor when the connection drops, and briefly when it is back. */
export function NetworkStatus({ labels }: { labels: { offline: string; backOnline: string } }) {
  const online = useOnline();
  const [showBack, setShowBack] = useState(false);

  useEffect(() => {
    let timer: number | undefined;
    const onOnline = () => {
      setShowBack(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setShowBack(false), 3000);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearTimeout(timer);
    };
  }, []);

  const text = !online ? labels.offline : showBack ? labels.backOnline : '';
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {text && (
        <p data-testid="network-status" className={`rounded-xl px-4 py-3 text-sm text-white shadow-lg ${online ? 'bg-[#0b7a63]' : 'bg-ink'}`}>
          {text}
        </p>
      )}
    </div>
  );
}
