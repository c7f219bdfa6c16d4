'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';

const SELECTOR = 'main > section:not(:first-child):not([data-shown])';

/**
 * Lays out the deferred sections of the page (see "Progressive rendering" in app/globals.css)
 * once it has loaded: one section per animation frame, top to bottom, so no single task holds
 * the main thread. <main> gets data-sections-shown when all are done. Runs again after a
 * client-side navigation brings new sections.
 */
export function DeferredSections() {
  const pathname = usePathname();
  useEffect(() => {
    let frame = 0;
    let userScrolled = false;
    const scrolled = () => (userScrolled = true);
    const intents = ['wheel', 'touchmove', 'keydown'] as const;
    for (const e of intents) window.addEventListener(e, scrolled, { once: true, passive: true });
    document.querySelector('main')?.removeAttribute('data-sections-shown');
    const step = () => {
      const next = document.querySelector<HTMLElement>(SELECTOR);
      if (!next) {
        document.querySelector('main')?.setAttribute('data-sections-shown', '');
        // The sections above a #target took their real heights: on a slow phone the first jump
        // can have been measured before that, so land on the target once more if it drifted away.
        const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target && !userScrolled) {
          const { top, bottom } = target.getBoundingClientRect();
          if (bottom < 0 || top > innerHeight) target.scrollIntoView();
        }
        return;
      }
      next.setAttribute('data-shown', '');
      frame = requestAnimationFrame(step);
    };
    const start = () => {
      frame = requestAnimationFrame(step);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      for (const e of intents) window.removeEventListener(e, scrolled);
      cancelAnimationFrame(frame);
    };
  }, [pathname]);
  return null;
}
