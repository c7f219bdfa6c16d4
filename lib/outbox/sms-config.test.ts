import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/env';
import { smsDriverConfig } from './sms';

const parse = (vars: Record<string, string>) => parseServerEnv(vars as unknown as NodeJS.ProcessEnv);

describe('SMS configuration', () => {
  it('defaults to the log driver and a daily budget of 2000', () => {
    const e = parse({ NODE_ENV: 'development' });
    expect(e).toMatchObject({ SMS_DRIVER: 'log', SMS_DAILY_BUDGET: 2000 });
    expect(smsDriverConfig(e)).toEqual({ driver: 'log', production: false, keepCodes: true });
  });

  it('resets of existing accounts have their own daily budget; strict captcha from half the budget at 0.7', () => {
    expect(parse({})).toMatchObject({ SMS_RESET_DAILY_BUDGET: 500, SMS_STRICT_CAPTCHA_AT: 0.5, SMS_STRICT_CAPTCHA_SCORE: 0.7 });
    expect(parse({ SMS_RESET_DAILY_BUDGET: '50', SMS_STRICT_CAPTCHA_AT: '0.8', SMS_STRICT_CAPTCHA_SCORE: '0.9' })).toMatchObject({
      SMS_RESET_DAILY_BUDGET: 50,
      SMS_STRICT_CAPTCHA_AT: 0.8,
      SMS_STRICT_CAPTCHA_SCORE: 0.9,
    });
    expect(() => parse({ SMS_RESET_DAILY_BUDGET: '-1' })).toThrow(/SMS_RESET_DAILY_BUDGET/);
    expect(() => parse({ SMS_RESET_DAILY_BUDGET: '1.5' })).toThrow(/SMS_RESET_DAILY_BUDGET/);
    expect(() => parse({ SMS_STRICT_CAPTCHA_AT: '50%' })).toThrow(/SMS_STRICT_CAPTCHA_AT/);
    expect(() => parse({ SMS_STRICT_CAPTCHA_AT: '1.5' })).toThrow(/SMS_STRICT_CAPTCHA_AT/);
    expect(() => parse({ SMS_STRICT_CAPTCHA_SCORE: '2' })).toThrow(/SMS_STRICT_CAPTCHA_SCORE/);
  });

  it('the log driver keeps codes in production only with ENABLE_DEV_TOOLS (e2e)', () => {
    expect(smsDriverConfig(parse({ NODE_ENV: 'production' }))).toEqual({ driver: 'log', production: true, keepCodes: false });
    expect(smsDriverConfig(parse({ NODE_ENV: 'production', ENABLE_DEV_TOOLS: 'true' }))).toEqual({ driver: 'log', production: true, keepCodes: true });
  });

  it('Mobizon and SMSC.kz use their public addresses unless SMS_API_URL is set', () => {
    expect(smsDriverConfig(parse({ SMS_DRIVER: 'mobizon', SMS_API_KEY: 'kz0123456789abcdef', SMS_SENDER: 'Tilmen' }))).toEqual({
      driver: 'mobizon',
      baseUrl: 'https://api.mobizon.kz',
      apiKey: 'kz0123456789abcdef',
      sender: 'Tilmen',
    });
    expect(smsDriverConfig(parse({ SMS_DRIVER: 'smsc', SMS_LOGIN: 'tilmen', SMS_PASSWORD: 'p', SMS_API_URL: 'http://127.0.0.1:9/' }))).toEqual({
      driver: 'smsc',
      baseUrl: 'http://127.0.0.1:9/',
      login: 'tilmen',
      password: 'p',
      sender: undefined,
    });
  });

  it('stops with a message naming each bad SMS variable', () => {
    expect(() => parse({ SMS_DRIVER: 'twilio' })).toThrow(/SMS_DRIVER: must be log, mobizon or smsc/);
    expect(() => parse({ SMS_DRIVER: 'mobizon' })).toThrow(/SMS_API_KEY: is required when SMS_DRIVER=mobizon/);
    expect(() => parse({ SMS_DRIVER: 'smsc', SMS_LOGIN: 'x' })).toThrow(/SMS_LOGIN: SMS_LOGIN and SMS_PASSWORD are required/);
    expect(() => parse({ SMS_API_URL: 'ftp://x' })).toThrow(/SMS_API_URL/);
    expect(() => parse({ SMS_SENDER: 'TilmenSchool2' })).toThrow(/SMS_SENDER: at most 11/);
    expect(() => parse({ SMS_DAILY_BUDGET: '-1' })).toThrow(/SMS_DAILY_BUDGET/);
    expect(() => parse({ SMS_DAILY_BUDGET: 'lots' })).toThrow(/SMS_DAILY_BUDGET/);
  });
});
