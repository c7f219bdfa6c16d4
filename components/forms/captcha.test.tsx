// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { ApiError, errorResponse } from '@/lib/api/errors';
import type { WidgetParams } from '@/lib/browser/captcha/loader';
import type { CaptchaProof } from '@/lib/validations/captcha';
import en from '@/messages/en.json';

const V3_KEY = 'v3-site-key-0123456789abcdef';
const V2_KEY = 'v2-site-key-0123456789abcdef';

/** A stand-in for Google's browser script: widgets are plain divs the test ticks, expires or breaks. */
function fakeGrecaptcha() {
  const widgets: { params: WidgetParams; response: string }[] = [];
  const g = {
    ready: (cb: () => void) => cb(),
    execute: vi.fn(async (keyOrWidget?: string | number, options?: { action: string }) => {
      if (typeof keyOrWidget === 'string') return `v3-token-${options?.action}`;
      // The invisible widget: Google answers through the callback.
      queueMicrotask(() => widgets[keyOrWidget!]!.params.callback?.('v2-invisible-token'));
    }),
    render: vi.fn((el: HTMLElement, params: WidgetParams) => {
      el.setAttribute('data-sitekey', params.sitekey);
      widgets.push({ params, response: '' });
      return widgets.length - 1;
    }),
    reset: vi.fn((id?: number) => void (widgets[id!]!.response = '')),
    getResponse: (id?: number) => widgets[id!]!.response,
  };
  const last = () => widgets.at(-1)!;
  return {
    g,
    widgets,
    /** The panel shows before Google's script has drawn the widget into it: wait for the draw. */
    drawn: (n = 1) => waitFor(() => expect(widgets).toHaveLength(n)),
    tick: (token: string) => act(() => ((last().response = token), last().params.callback?.(token))),
    expire: () => act(() => ((last().response = ''), last().params['expired-callback']?.())),
    fail: () => act(() => last().params['error-callback']?.()),
  };
}

/** The API's 400 for a code, as the route handlers answer it (real error helper, English). */
async function apiRefusal(code: 'captcha_challenge' | 'captcha_failed') {
  const res = errorResponse(new ApiError(400, code), 'en');
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('400', 'ERR_BAD_REQUEST', config, undefined, { status: 400, statusText: '', headers: {}, config, data: await res.json() });
}

async function setup(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const { CaptchaScope, useCaptcha } = await import('./captcha');
  // The same module instance as the scope's (modules were reset for the new environment).
  const { LocaleProvider } = await import('@/i18n/navigation');
  const sent: CaptchaProof[] = [];
  let answers: (() => Promise<string>)[] = [];
  const send = (proof: CaptchaProof) => {
    sent.push(proof);
    return (answers.shift() ?? (async () => 'sent'))();
  };
  function Harness() {
    const { arm, guard } = useCaptcha();
    const [out, setOut] = useState('');
    return (
      <form onFocus={arm}>
        <input aria-label="name" />
        <button
          type="button"
          onClick={() =>
            guard('lead', send).then(
              (r) => setOut(r),
              (e: unknown) => setOut(`${apiErrorBody(e)?.code}: ${apiErrorBody(e)?.message}`),
            )
          }
        >
          go
        </button>
        <output>{out}</output>
      </form>
    );
  }
  render(
    <LocaleProvider locale="en" messages={{ Captcha: en.Captcha }}>
      <CaptchaScope>
        <Harness />
      </CaptchaScope>
    </LocaleProvider>,
  );
  return {
    sent,
    answer: (...a: (() => Promise<string>)[]) => void (answers = a),
    go: () => fireEvent.click(screen.getByRole('button', { name: 'go' })),
    out: () => document.querySelector('output')!.textContent,
  };
}

let google: ReturnType<typeof fakeGrecaptcha>;
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  google = fakeGrecaptcha();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  delete window.grecaptcha;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  consoleError.mockRestore();
});

describe('v3 with the v2 checkbox for a visitor whose score is too low', () => {
  const env = { NEXT_PUBLIC_RECAPTCHA_SITE_KEY: V3_KEY, NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY: V2_KEY };

  it('loads nothing until the form is used, then sends a v3 token for the action', async () => {
    const f = await setup(env);
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
    window.grecaptcha = google.g;
    f.go();
    await waitFor(() => expect(f.out()).toBe('sent'));
    expect(f.sent).toEqual([{ captchaToken: 'v3-token-lead', captchaKind: 'v3' }]);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('on captcha_challenge shows the checkbox with the server message and sends again once ticked', async () => {
    window.grecaptcha = google.g;
    const f = await setup(env);
    const challenge = await apiRefusal('captcha_challenge');
    f.answer(() => Promise.reject(challenge));
    f.go();
    const panel = await screen.findByRole('group', { name: en.Errors.captcha_challenge });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    await google.drawn();
    expect(google.g.render.mock.calls[0]![1]).toMatchObject({ sitekey: V2_KEY, size: 'normal' });
    // Expiry: the token is gone, the visitor is asked again; an error: said, and the box reset.
    google.expire();
    expect(await screen.findByText(en.Captcha.expired)).toBeTruthy();
    google.fail();
    expect(await screen.findByText(en.Captcha.error)).toBeTruthy();
    expect(google.g.reset).toHaveBeenCalled();
    expect(f.sent).toHaveLength(1);
    google.tick('v2-ticked');
    await waitFor(() => expect(f.out()).toBe('sent'));
    expect(f.sent).toEqual([
      { captchaToken: 'v3-token-lead', captchaKind: 'v3' },
      { captchaToken: 'v2-ticked', captchaKind: 'v2' },
    ]);
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
  });

  it('cancel ends the wait with a translated message and nothing sent', async () => {
    window.grecaptcha = google.g;
    const f = await setup(env);
    const challenge = await apiRefusal('captcha_challenge');
    f.answer(() => Promise.reject(challenge));
    f.go();
    fireEvent.click(await screen.findByRole('button', { name: en.Captcha.cancel }));
    await waitFor(() => expect(f.out()).toBe(`captcha_cancelled: ${en.Captcha.cancelled}`));
    expect(f.sent).toHaveLength(1);
  });

  it('passes other refusals through to the form (captcha_failed)', async () => {
    window.grecaptcha = google.g;
    const f = await setup(env);
    const failed = await apiRefusal('captcha_failed');
    f.answer(() => Promise.reject(failed));
    f.go();
    await waitFor(() => expect(f.out()).toBe(`captcha_failed: ${en.Errors.captcha_failed}`));
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('without a v2 key a challenge is not offered: the server message reaches the form', async () => {
    window.grecaptcha = google.g;
    const f = await setup({ NEXT_PUBLIC_RECAPTCHA_SITE_KEY: V3_KEY });
    const challenge = await apiRefusal('captcha_challenge');
    f.answer(() => Promise.reject(challenge));
    f.go();
    await waitFor(() => expect(f.out()).toBe(`captcha_challenge: ${en.Errors.captcha_challenge}`));
    expect(google.g.render).not.toHaveBeenCalled();
  });

  it('a script that fails to load: the catalogue text in the console, a translated message and a retry', async () => {
    const f = await setup(env);
    fireEvent.focus(screen.getByLabelText('name'));
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="recaptcha/api.js"]')!;
    expect(script.src).toContain(`render=${V3_KEY}`);
    f.go();
    act(() => void script.dispatchEvent(new Event('error')));
    await waitFor(() => expect(f.out()).toBe(`captcha_unavailable: ${en.Captcha.unavailable}`));
    expect(consoleError).toHaveBeenCalledWith('ReCaptcha error: Failed to load script');
  });
});

describe('v2 checkbox as the form widget', () => {
  const env = { NEXT_PUBLIC_RECAPTCHA_MODE: 'v2-checkbox', NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY: V2_KEY };

  it('needs a tick: no response is "Failed to execute" in the console and a translated ask', async () => {
    window.grecaptcha = google.g;
    const f = await setup(env);
    fireEvent.focus(screen.getByLabelText('name'));
    await screen.findByRole('group', { name: en.Captcha.label });
    await google.drawn();
    f.go();
    await waitFor(() => expect(f.out()).toBe(`captcha_unticked: ${en.Captcha.unticked}`));
    expect(consoleError).toHaveBeenCalledWith('ReCaptcha error: Failed to execute');
    expect(f.sent).toHaveLength(0);
    google.tick('v2-box');
    f.go();
    await waitFor(() => expect(f.out()).toBe('sent'));
    expect(f.sent).toEqual([{ captchaToken: 'v2-box', captchaKind: 'v2' }]);
    // Used once: the next submit needs a fresh tick.
    expect(google.widgets[0]!.response).toBe('');
  });

  it('an expired tick is asked again', async () => {
    window.grecaptcha = google.g;
    const f = await setup(env);
    fireEvent.focus(screen.getByLabelText('name'));
    await screen.findByRole('group');
    await google.drawn();
    google.tick('v2-old');
    google.expire();
    expect(await screen.findByText(en.Captcha.expired)).toBeTruthy();
    f.go();
    await waitFor(() => expect(f.out()).toBe(`captcha_unticked: ${en.Captcha.unticked}`));
  });
});

describe('v2 invisible as the form widget', () => {
  const env = { NEXT_PUBLIC_RECAPTCHA_MODE: 'v2-invisible', NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY: V2_KEY };

  it('executes the invisible widget and sends its token (success callback)', async () => {
    window.grecaptcha = google.g;
    const f = await setup(env);
    f.go();
    await waitFor(() => expect(f.out()).toBe('sent'));
    expect(google.g.render.mock.calls[0]![1]).toMatchObject({ sitekey: V2_KEY, size: 'invisible' });
    expect(f.sent).toEqual([{ captchaToken: 'v2-invisible-token', captchaKind: 'v2' }]);
  });

  it('an error callback fails the send with a translated message', async () => {
    window.grecaptcha = google.g;
    google.g.execute.mockImplementationOnce(async () => void queueMicrotask(() => google.widgets[0]!.params['error-callback']?.()));
    const f = await setup(env);
    f.go();
    await waitFor(() => expect(f.out()).toBe(`captcha_unavailable: ${en.Captcha.unavailable}`));
    expect(consoleError).toHaveBeenCalledWith('ReCaptcha error: Failed to execute error-callback');
    expect(f.sent).toHaveLength(0);
  });
});
