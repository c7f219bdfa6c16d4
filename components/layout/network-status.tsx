'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';

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

export function NetworkStatus() {
  const t = useTranslations('Common');
  const online = useOnline();
  const [wasOffline, setWasOffline] = useState(false);
  const [showBack, setShowBack] = useState(false);

  useEffect(() => {
    if (!online) {
      setWasOffline(true);
      return;
    }
    if (!wasOffline) return;
    setShowBack(true);
    const id = window.setTimeout(() => setShowBack(false), 3000);
    return () => window.clearTimeout(id);
  }, [online, wasOffline]);

  const text = !online ? t('offline') : showBack ? t('backOnline') : '';
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {text && (
        <p
          data-testid="network-status"
          className={`rounded-xl px-4 py-3 text-sm text-white shadow-lg ${online ? 'bg-mint' : 'bg-ink'}`}
        >
          {text}
        </p>
      )}
    </div>
  );
}
