import { describe, expect, it } from 'vitest';
import { decodeFirstTouch, encodeFirstTouch, extractUtm, utmFromCookies, UTM_FIRST_TOUCH_COOKIE } from './utm';

describe('utm attribution', () => {
  it('keeps every parameter starting with utm, case-insensitively, and nothing else', () => {
    const p = new URLSearchParams('utm_source=google&UTM_Medium=cpc&utm_custom=x&ref=y&gclid=z');
    expect(extractUtm(p)).toEqual({ utm_source: 'google', utm_medium: 'cpc', utm_custom: 'x' });
  });

  it('bounds names, values and count', () => {
    const many = new URLSearchParams();
    for (let i = 0; i < 30; i++) many.append(`utm_p${i}`, 'v'.repeat(1000));
    many.append('utm_' + 'x'.repeat(100), '1');
    const out = extractUtm(many);
    expect(Object.keys(out)).toHaveLength(10);
    for (const v of Object.values(out)) expect(v.length).toBeLessThanOrEqual(200);
  });

  it('drops control characters and empty values, never the first-touch cookie name', () => {
    const p = new URLSearchParams();
    p.set('utm_source', 'a\u0000b\nc');
    p.set('utm_empty', '   ');
    p.set(UTM_FIRST_TOUCH_COOKIE, 'spoof');
    expect(extractUtm(p)).toEqual({ utm_source: 'abc' });
  });

  it('round-trips first touch and reads last touch from cookies', () => {
    const first = encodeFirstTouch({ utm_source: 'fb', utm_campaign: 'spring <b>' });
    expect(decodeFirstTouch(first)).toEqual({ utm_source: 'fb', utm_campaign: 'spring <b>' });
    const read = utmFromCookies([
      { name: 'utm_source', value: 'google' },
      { name: 'NEXT_LOCALE', value: 'kk' },
      { name: UTM_FIRST_TOUCH_COOKIE, value: first },
    ]);
    expect(read).toEqual({ first: { utm_source: 'fb', utm_campaign: 'spring <b>' }, last: { utm_source: 'google' } });
  });
});
