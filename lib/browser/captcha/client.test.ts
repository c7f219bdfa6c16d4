import { describe, expect, it } from 'vitest';
import { assertCaptchaSettings, captchaSettings, checkboxToken, executeCaptcha } from './client';

describe('captcha helper errors (specification section 8)', () => {
  it('needs a key and a version', () => {
    expect(() => assertCaptchaSettings(undefined, 'v3')).toThrow('ReCaptcha error: No key provided');
    expect(() => assertCaptchaSettings('site-key', undefined)).toThrow('ReCaptcha error: No version provided');
    expect(() => assertCaptchaSettings('site-key', 'v3')).not.toThrow();
  });

  it('says when the script is not there, or execute fails, with the reason', async () => {
    await expect(executeCaptcha(undefined, 'lead')).rejects.toThrow('ReCaptcha error: Failed to load script');
    await expect(executeCaptcha(async () => { throw new Error('timeout'); }, 'lead')).rejects.toThrow('ReCaptcha error: Failed to execute timeout');
    await expect(executeCaptcha(async () => '', 'lead')).rejects.toThrow('ReCaptcha error: Failed to execute no token');
    await expect(executeCaptcha(async (a) => `token-for-${a}`, 'sms')).resolves.toBe('token-for-sms');
  });
});

describe('captcha settings: the mode switch and the keys per type', () => {
  const V3 = 'v3-site-key-0123456789abcdef';
  const V2 = 'v2-site-key-0123456789abcdef';
  it('is off without keys; v3 by default, with the v2 key as the low-score checkbox', () => {
    expect(captchaSettings({})).toBeNull();
    expect(captchaSettings({ NEXT_PUBLIC_RECAPTCHA_SITE_KEY: V3 })).toEqual({ mode: 'v3', siteKey: V3, checkboxKey: undefined });
    expect(captchaSettings({ NEXT_PUBLIC_RECAPTCHA_SITE_KEY: V3, NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY: V2 })).toEqual({ mode: 'v3', siteKey: V3, checkboxKey: V2 });
  });

  it('runs a v2 key as the invisible widget or the checkbox', () => {
    expect(captchaSettings({ NEXT_PUBLIC_RECAPTCHA_MODE: 'v2-invisible', NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY: V2 })).toEqual({ mode: 'v2-invisible', siteKey: V2, checkboxKey: undefined });
    expect(captchaSettings({ NEXT_PUBLIC_RECAPTCHA_MODE: 'v2-checkbox', NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY: V2 })?.mode).toBe('v2-checkbox');
  });

  it('names what is missing with the catalogue texts', () => {
    expect(() => captchaSettings({ NEXT_PUBLIC_RECAPTCHA_MODE: 'v2-checkbox', NEXT_PUBLIC_RECAPTCHA_SITE_KEY: V3 })).toThrow('ReCaptcha error: No key provided');
    expect(() => captchaSettings({ NEXT_PUBLIC_RECAPTCHA_MODE: 'v4', NEXT_PUBLIC_RECAPTCHA_SITE_KEY: V3 })).toThrow('ReCaptcha error: No version provided');
  });

  it('a checkbox with no response is "Failed to execute"', () => {
    expect(() => checkboxToken('')).toThrow(/^ReCaptcha error: Failed to execute$/);
    expect(checkboxToken('tok')).toBe('tok');
  });
});
