
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
