import { describe, expect, it } from 'vitest';
import { assertCaptchaSettings, executeCaptcha } from './client';

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
