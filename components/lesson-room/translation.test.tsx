import { describe, expect, it } from 'vitest';
import { translationLangFor } from './translation';

describe('the language a word\'s translation is offered in first', () => {
  it('is the page\'s language, unless that is the language being learnt', () => {
    expect(translationLangFor('english', 'kk')).toBe('kk');
    expect(translationLangFor('english', 'ru')).toBe('ru');
    expect(translationLangFor('english', 'en')).toBe('ru');
    expect(translationLangFor('kazakh', 'kk')).toBe('ru');
    expect(translationLangFor('kazakh', 'en')).toBe('en');
    expect(translationLangFor('russian', 'ru')).toBe('kk');
    expect(translationLangFor('ielts', 'en')).toBe('en');
  });
});
