'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';
import { CHUNK_RELOAD_KEY, isChunkLoadError, shouldReload } from '@/lib/chunk-reload';
import { registerNavigationProgress, startNavigationProgress } from '@/i18n/navigation';

// Spec: starts after 200 ms, 0 → 100 % over about 5 s in 100 ms ticks, hidden 500 ms after the end.
const DELAY_MS = 200;
const DURATION_MS = 5000;
const TICK_MS = 100;

type NProgressApi = typeof import('nprogress');

export function NavigationProgress() {
  const pathname = usePathname();
  const state = useRef<{ delay?: number; tick?: number; started?: number; np?: NProgressApi }>({});

  useEffect(() => {
    const s = state.current;
    function stop() {
      window.clearTimeout(s.delay);
      window.clearInterval(s.tick);
      s.delay = undefined;
      s.tick = undefined;
      if (s.started !== undefined) s.np?.done();
      s.started = undefined;
    }
    function start() {
      stop();
      s.delay = window.setTimeout(async () => {
        s.np ??= (await import('nprogress')).default;
        // nprogress's own template says role="bar", which is no ARIA role (axe: aria-roles); the bar
        // is decoration beside the page's own loading states, so screen readers skip it.
        s.np.configure({
          showSpinner: false,
          trickle: false,
          minimum: 0.02,
          speed: 250,
          template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
          barSelector: '.bar',
        });
        s.started = Date.now();
        s.np.start();
        s.tick = window.setInterval(() => {
          s.np?.set(Math.min(0.99, (Date.now() - (s.started ?? Date.now())) / DURATION_MS));
        }, TICK_MS);
      }, DELAY_MS);
    }
    function onClick(e: MouseEvent) {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || a.target === '_blank' || a.hasAttribute('download')) return;
      startNavigationProgress(a.href);
    }
    function onChunkError(reason: unknown) {
      if (!isChunkLoadError(reason)) return;
      const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 'NaN');
      const now = Date.now();
      if (shouldReload(now, Number.isFinite(last) ? last : null)) {
        sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
        location.reload();
      }
    }
    const onError = (e: ErrorEvent) => onChunkError(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => onChunkError(e.reason);
    history.scrollRestoration = 'manual';
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', start);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    (window as unknown as { __tilmenStopProgress?: () => void }).__tilmenStopProgress = stop;
    const unregister = registerNavigationProgress(start);
    return () => {
      unregister();
      stop();
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', start);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  useEffect(() => {
    (window as unknown as { __tilmenStopProgress?: () => void }).__tilmenStopProgress?.();
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
