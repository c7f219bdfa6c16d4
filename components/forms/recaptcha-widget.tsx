'use client';

import { useEffect, useRef } from 'react';
import type { Grecaptcha } from '@/lib/browser/captcha/loader';

export interface WidgetEvents {
  onWidget: (id: number | undefined) => void;
  /** The checkbox was ticked (or the invisible check passed): a token. */
  onSuccess: (token: string) => void;
  /** The token expired before it was used; the checkbox unticks itself. */
  onExpired: () => void;
  /** Google could not go on (usually the network). */
  onError: () => void;
}

/** A v2 widget rendered with Google's explicit API: the checkbox, or the invisible one. */
export function RecaptchaWidget({ g, siteKey, invisible = false, events }: { g: Grecaptcha; siteKey: string; invisible?: boolean; events: WidgetEvents }) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  }, [events]);

  useEffect(() => {
    // A fresh element per render: Google refuses to render twice into one.
    const holder = document.createElement('div');
    box.current?.appendChild(holder);
    const id = g.render(holder, {
      sitekey: siteKey,
      size: invisible ? 'invisible' : 'normal',
      callback: (token) => latest.current.onSuccess(token),
      'expired-callback': () => latest.current.onExpired(),
      'error-callback': () => latest.current.onError(),
    });
    latest.current.onWidget(id);
    return () => {
      latest.current.onWidget(undefined);
      holder.remove();
    };
  }, [g, siteKey, invisible]);

  return <div ref={box} data-recaptcha={invisible ? 'invisible' : 'checkbox'} />;
}
