import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';
import { PLAIN_NAMESPACES, plainTranslator } from './plain';

describe('plain messages (client islands without the ICU formatter)', () => {
  it('fills {name} arguments and leaves unknown ones as they are', () => {
    const t = plainTranslator({ pay: 'Go to payment: {amount}', two: '{a} and {b}', none: 'Plain' });
    expect(t('pay', { amount: '121 600 ₸' })).toBe('Go to payment: 121 600 ₸');
    expect(t('two', { a: 1 })).toBe('1 and {b}');
    expect(t('none')).toBe('Plain');
    expect(t('missing')).toBe('missing');
  });

  for (const [locale, catalogue] of Object.entries({ ru, kk, en })) {
    it(`${locale}: the plain namespaces are flat strings with nothing but {name} arguments`, () => {
      for (const ns of PLAIN_NAMESPACES) {
        for (const [key, text] of Object.entries((catalogue as Record<string, Record<string, unknown>>)[ns]!)) {
          expect(typeof text, `${ns}.${key}`).toBe('string');
          // No `{n, plural, …}`/select/number, no rich-text tags, no ICU quoting ('' or '{').
          expect(text as string, `${ns}.${key}`).not.toMatch(/\{\s*\w+\s*,|<\/?\w+>|''|'\{/);
        }
      }
    });
  }
});
