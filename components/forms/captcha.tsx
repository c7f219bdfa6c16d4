'use client';

import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIslandMessages } from '@/i18n/navigation';
import { apiErrorBody, apiFailure } from '@/lib/browser/api/error-body';
import { CAPTCHA_ERRORS, captchaSettings, checkboxToken, executeCaptcha, type CaptchaSettings } from '@/lib/browser/captcha/client';
import { loadRecaptcha, type Grecaptcha } from '@/lib/browser/captcha/loader';
import { captchaPublicEnv } from '@/lib/captcha-public-env';
import type { CaptchaProof } from '@/lib/validations/captcha';
import { ghostSmallClass } from '@/components/ui/button-classes';
import { RecaptchaWidget, type WidgetEvents } from './recaptcha-widget';

export type { CaptchaProof };

/** Sends a form's request with a captcha proof spread into its body. */
export type Guard = <T>(action: string, send: (proof: CaptchaProof) => Promise<T>) => Promise<T>;

interface CaptchaApi {
  /** Loads Google's script in the background (call on the form's first focus). */
  arm: () => void;
  /**
   * Runs the captcha for `action` and `send` with its token. When the server answers
   * `captcha_challenge` (a v3 score too low), shows the v2 checkbox and, once ticked, sends again.
   * A captcha that cannot run rejects like an API error with a translated message.
   */
  guard: Guard;
}

const OFF: CaptchaApi = { arm: () => {}, guard: (_action, send) => send({}) };
const CaptchaContext = createContext<CaptchaApi>(OFF);

type TextKey = 'label' | 'expired' | 'error' | 'unticked' | 'unavailable' | 'cancel' | 'cancelled' | 'retry';

/** The Captcha namespace, which the document hands down with the island messages. */
function useCaptchaText() {
  const messages = useIslandMessages()?.Captcha as Partial<Record<TextKey, string>> | undefined;
  return useCallback((key: TextKey) => messages?.[key] ?? key, [messages]);
}

interface Waiter {
  resolve: (token: string) => void;
  reject: (error: unknown) => void;
}

function ActiveScope({ settings, children }: { settings: CaptchaSettings; children: ReactNode }) {
  const text = useCaptchaText();
  const labelId = useId();
  const { mode, siteKey, checkboxKey } = settings;
  const [g, setG] = useState<Grecaptcha | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // A v3 visitor asked for the checkbox (the server's prompt), or an invisible check under way.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [note, setNote] = useState<TextKey | null>(null);
  const loading = useRef<Promise<Grecaptcha> | null>(null);
  const widget = useRef<{ id?: number; ready: ((id: number) => void)[] }>({ ready: [] });
  const waiter = useRef<Waiter | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    loading.current ??= loadRecaptcha(mode === 'v3' ? siteKey : 'explicit', document.documentElement.lang || undefined).then(
      (loaded) => {
        setG(() => loaded);
        setLoadFailed(false);
        return loaded;
      },
      (error: unknown) => {
        loading.current = null;
        setLoadFailed(true);
        throw error;
      },
    );
    return loading.current;
  }, [mode, siteKey]);
  const arm = useCallback(() => {
    load().catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
  }, [load]);

  const widgetReady = () => {
    const { id } = widget.current;
    return id !== undefined ? Promise.resolve(id) : new Promise<number>((resolve) => widget.current.ready.push(resolve));
  };
  const settle = (token: string | null, error?: unknown) => {
    const w = waiter.current;
    waiter.current = null;
    if (token) w?.resolve(token);
    else w?.reject(error);
  };

  const events = useMemo<WidgetEvents>(
    () => ({
      onWidget: (id) => {
        widget.current.id = id;
        if (id !== undefined) widget.current.ready.splice(0).forEach((resolve) => resolve(id));
      },
      onSuccess: (token) => {
        setNote(null);
        settle(token);
      },
      // The token Google gave is no longer valid: ask again (the checkbox unticks itself).
      onExpired: () => setNote('expired'),
      onError: () => {
        if (mode === 'v2-invisible') return settle(null, new Error('error-callback'));
        setNote('error');
        if (widget.current.id !== undefined) g?.reset(widget.current.id);
      },
    }),
    [g, mode],
  );

  // The panel takes the focus when it asks for something (the challenge, an unticked box).
  useEffect(() => {
    if (challenge !== null || note === 'unticked') panel.current?.focus();
  }, [challenge, note]);
  useEffect(() => () => waiter.current?.reject(new Error('unmounted')), []);

  const primaryProof = async (action: string): Promise<CaptchaProof> => {
    const loaded = await load();
    if (mode === 'v3') {
      const token = await executeCaptcha(async (a) => (await loaded.execute(siteKey, { action: a })) ?? '', action);
      return { captchaToken: token, captchaKind: 'v3' };
    }
    const id = await widgetReady();
    if (mode === 'v2-checkbox') {
      try {
        return { captchaToken: checkboxToken(loaded.getResponse(id)), captchaKind: 'v2' };
      } catch (error) {
        setNote('unticked');
        throw error;
      }
    }
    const token = await executeCaptcha(
      () =>
        new Promise<string>((resolve, reject) => {
          waiter.current = { resolve, reject };
          setWaiting(true);
          loaded.reset(id);
          void loaded.execute(id);
        }).finally(() => setWaiting(false)),
      action,
    );
    return { captchaToken: token, captchaKind: 'v2' };
  };

  const askCheckbox = (prompt: string) =>
    new Promise<string>((resolve, reject) => {
      waiter.current = { resolve, reject };
      setNote(null);
      setChallenge(prompt);
    });
  const cancel = () => settle(null, apiFailure(400, 'captcha_cancelled', text('cancelled')));

  const guard: Guard = async (action, send) => {
    let proof: CaptchaProof;
    try {
      proof = await primaryProof(action);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(reason);
      throw reason === CAPTCHA_ERRORS.execute('')
        ? apiFailure(400, 'captcha_unticked', text('unticked'))
        : apiFailure(400, 'captcha_unavailable', text('unavailable'));
    }
    try {
      return await send(proof);
    } catch (error) {
      const body = apiErrorBody(error);
      if (body?.code !== 'captcha_challenge' || !checkboxKey) throw error;
      try {
        const token = await askCheckbox(body.message);
        return await send({ captchaToken: token, captchaKind: 'v2' });
      } finally {
        setChallenge(null);
      }
    } finally {
      // A v2 token is verified once: the next submit needs a fresh tick.
      if (mode === 'v2-checkbox' && widget.current.id !== undefined) g?.reset(widget.current.id);
    }
  };
  const latest = useRef(guard);
  useEffect(() => {
    latest.current = guard;
  });
  const stableGuard = useCallback<Guard>((action, send) => latest.current(action, send), []);
  const api = useMemo(() => ({ arm, guard: stableGuard }), [arm, stableGuard]);

  const checkbox = mode === 'v2-checkbox' ? siteKey : challenge !== null ? checkboxKey : undefined;
  const shown = (mode === 'v2-checkbox' && (g || loadFailed)) || challenge !== null || waiting;
  return (
    <CaptchaContext.Provider value={api}>
      {children}
      {g && mode === 'v2-invisible' && <RecaptchaWidget g={g} siteKey={siteKey} invisible events={events} />}
      {shown && (
        <div ref={panel} tabIndex={-1} role="group" aria-labelledby={labelId} className="mt-4 grid justify-items-start gap-3 outline-none" data-captcha-panel>
          <p id={labelId} className="text-sm font-medium text-ink">
            {challenge ?? text('label')}
          </p>
          {g && checkbox && <RecaptchaWidget g={g} siteKey={checkbox} events={events} />}
          <div role="status" aria-live="polite" className="text-sm text-danger">
            {loadFailed ? text('unavailable') : note && text(note)}
          </div>
          <div className="flex gap-4">
            {loadFailed && (
              <button type="button" onClick={arm} className={ghostSmallClass}>
                {text('retry')}
              </button>
            )}
            {(challenge !== null || waiting) && (
              <button type="button" onClick={cancel} className={ghostSmallClass}>
                {text('cancel')}
              </button>
            )}
          </div>
        </div>
      )}
    </CaptchaContext.Provider>
  );
}

/**
 * reCAPTCHA for the forms inside: v3 by score (with the v2 checkbox for a score too low when a
 * v2 key is set), or a v2 key's invisible widget or checkbox (NEXT_PUBLIC_RECAPTCHA_MODE). Off
 * without a site key. Google's script (~250 KB) is requested when the visitor first focuses a
 * form field (arm) or submits, never on page load.
 */
export function CaptchaScope({ children }: { children: ReactNode }) {
  const settings = useMemo(() => {
    try {
      return captchaSettings(captchaPublicEnv);
    } catch (error) {
      // An incomplete configuration: said loudly; the server refuses what it cannot verify.
      console.error(error instanceof Error ? error.message : error);
      return null;
    }
  }, []);
  if (!settings) return <CaptchaContext.Provider value={OFF}>{children}</CaptchaContext.Provider>;
  return <ActiveScope settings={settings}>{children}</ActiveScope>;
}

export const useCaptcha = () => useContext(CaptchaContext);
