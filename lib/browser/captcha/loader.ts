import { CAPTCHA_ERRORS } from './client';

export interface WidgetParams {
  sitekey: string;
  size?: 'normal' | 'compact' | 'invisible';
  badge?: 'bottomright' | 'bottomleft' | 'inline';
  callback?: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
}

/** The part of Google's `grecaptcha` the forms use (v3 execute, v2 explicit render). */
export interface Grecaptcha {
  ready(cb: () => void): void;
  execute(keyOrWidget?: string | number, options?: { action: string }): Promise<string | undefined> | void;
  render(container: HTMLElement, params: WidgetParams): number;
  reset(widgetId?: number): void;
  getResponse(widgetId?: number): string;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const loading = new Map<string, Promise<Grecaptcha>>();

const whenReady = (g: Grecaptcha) => new Promise<Grecaptcha>((resolve) => g.ready(() => resolve(window.grecaptcha ?? g)));

/**
 * Google's api.js, requested once per page: `render` is the v3 site key (v2 widgets can still be
 * rendered explicitly with it, as Google documents) or "explicit" for v2 only. A failed load
 * rejects with the catalogue's text and may be tried again.
 */
export function loadRecaptcha(render: string, hl?: string): Promise<Grecaptcha> {
  const src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(render)}${hl ? `&hl=${encodeURIComponent(hl)}` : ''}`;
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<Grecaptcha>((resolve, reject) => {
      if (window.grecaptcha?.ready) return void whenReady(window.grecaptcha).then(resolve);
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.grecaptcha ? void whenReady(window.grecaptcha).then(resolve) : script.onerror?.(new Event('error')));
      script.onerror = () => {
        script.remove();
        loading.delete(src);
        reject(new Error(CAPTCHA_ERRORS.loadScript));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}
