'use client';

import { useEffect } from 'react';
import { clientEnv } from '@/lib/public-env-client';

type ThirdPartyScript = { id: string; src?: string; code?: string };

/** The configured tag manager, pixel and chat (none by default). */
function configuredScripts(): ThirdPartyScript[] {
  const { NEXT_PUBLIC_GTM_ID: gtm, NEXT_PUBLIC_PIXEL_ID: pixel, NEXT_PUBLIC_CHAT_WIDGET_ID: chat } = clientEnv;
  const scripts: ThirdPartyScript[] = [];
  if (gtm) {
    scripts.push({
      id: 'gtm',
      code: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtm)});`,
    });
  }
  if (pixel) {
    scripts.push({
      id: 'pixel',
      code: `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${JSON.stringify(pixel)});fbq('track','PageView');`,
    });
  }
  if (chat) scripts.push({ id: 'chat', src: `https://code.jivosite.com/widget/${encodeURIComponent(chat)}` });
  return scripts;
}

/**
 * Tag manager, tracking pixel and support chat: each only when its id is configured, and only
 * after the page has loaded and gone idle (next/script's lazyOnload, without shipping next/script
 * to every page). Each is added once per document, client navigations do not repeat it.
 */
export function ThirdParties() {
  useEffect(() => {
    const scripts = configuredScripts().filter((s) => !document.getElementById(s.id));
    if (scripts.length === 0) return;
    // Safari has no requestIdleCallback: a plain timeout stands in.
    const hasIdle = typeof window.requestIdleCallback === 'function';
    let idle: number | undefined;
    const inject = () => {
      for (const { id, src, code } of scripts) {
        if (document.getElementById(id)) continue;
        const el = document.createElement('script');
        el.id = id;
        if (src) {
          el.src = src;
          el.async = true;
        } else {
          el.text = code ?? '';
        }
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
