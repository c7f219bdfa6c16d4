'use client';

import { useEffect } from 'react';
import { clientEnv } from '@/lib/public-env-client';

type ThirdPartyScript = { id: string; src: string; before?: () => void };
type Fbq = ((...args: unknown[]) => void) & { callMethod?: (...args: unknown[]) => void; queue: unknown[]; push: Fbq; loaded: boolean; version: string };
type TrackingWindow = Window & { dataLayer?: unknown[]; fbq?: Fbq; _fbq?: Fbq };

/**
 * The back office, the company portal and the lesson room never load a third party: their pages
 * show whole phones, IINs and lessons (L4). Their CSP lists no third-party host either.
 */
export const NO_THIRD_PARTIES = /^\/(?:(?:kk|en|ru)\/)?(?:admin|company|lesson)(?:\/|$)/;

/**
 * The configured tag manager, pixel and chat (none by default). Each is a script loaded from its
 * host (allowed by the CSP's script-src); the small set-up each vendor's snippet does inline
 * (dataLayer's start event, the fbq queue) runs here instead, because an inline script added by
 * page code is refused under a CSP without 'unsafe-inline'.
 */
function configuredScripts(): ThirdPartyScript[] {
  const { NEXT_PUBLIC_GTM_ID: gtm, NEXT_PUBLIC_PIXEL_ID: pixel, NEXT_PUBLIC_CHAT_WIDGET_ID: chat } = clientEnv;
  const w = window as TrackingWindow;
  const scripts: ThirdPartyScript[] = [];
  if (gtm) {
    scripts.push({
      id: 'gtm',
      src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtm)}`,
      before: () => {
        w.dataLayer = w.dataLayer ?? [];
        w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      },
    });
  }
  if (pixel) {
    scripts.push({
      id: 'pixel',
      src: 'https://connect.facebook.net/en_US/fbevents.js',
      before: () => {
        if (w.fbq) return;
        const fbq = function (...args: unknown[]) {
          if (fbq.callMethod) fbq.callMethod(...args);
          else fbq.queue.push(args);
        } as Fbq;
        fbq.push = fbq;
        fbq.loaded = true;
        fbq.version = '2.0';
        fbq.queue = [];
        w.fbq = fbq;
        w._fbq = w._fbq ?? fbq;
        fbq('init', pixel);
        fbq('track', 'PageView');
      },
    });
  }
  if (chat) scripts.push({ id: 'chat', src: `https://code.jivosite.com/widget/${encodeURIComponent(chat)}` });
  return scripts;
}

/**
 * Tag manager, tracking pixel and support chat: each only when its id is configured, never on the
 * office, portal or lesson pages, and only after the page has loaded and gone idle (next/script's
 * lazyOnload, without shipping next/script to every page). Each is added once per document.
 */
export function ThirdParties() {
  useEffect(() => {
    if (NO_THIRD_PARTIES.test(window.location.pathname)) return;
    const scripts = configuredScripts().filter((s) => !document.getElementById(s.id));
    if (scripts.length === 0) return;
    // Safari has no requestIdleCallback: a plain timeout stands in.
    const hasIdle = typeof window.requestIdleCallback === 'function';
    let idle: number | undefined;
    const inject = () => {
      for (const { id, src, before } of scripts) {
        if (document.getElementById(id)) continue;
        before?.();
        const el = document.createElement('script');
        el.id = id;
        el.src = src;
        el.async = true;
        document.body.appendChild(el);
      }
    };
    const whenIdle = () => {
      idle = hasIdle ? window.requestIdleCallback(inject) : window.setTimeout(inject, 1);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle === undefined) return;
      if (hasIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return null;
}
