'use client';

import Script from 'next/script';
import { publicEnv } from '@/lib/public-env';

// Tag manager, tracking pixel and support chat: each only when its id is configured,
// and only after the page has loaded and gone idle.
export function ThirdParties() {
  const { NEXT_PUBLIC_GTM_ID: gtm, NEXT_PUBLIC_PIXEL_ID: pixel, NEXT_PUBLIC_CHAT_WIDGET_ID: chat } = publicEnv;
  return (
    <>
      {gtm && (
        <Script id="gtm" strategy="lazyOnload">
          {`(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtm)});`}
        </Script>
      )}
      {pixel && (
        <Script id="pixel" strategy="lazyOnload">
          {`!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${JSON.stringify(pixel)});fbq('track','PageView');`}
        </Script>
      )}
      {chat && <Script id="chat" strategy="lazyOnload" src={`https://code.jivosite.com/widget/${encodeURIComponent(chat)}`} />}
    </>
  );
}
