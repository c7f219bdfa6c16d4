import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-words';

describe('amounts in words on invoices and acts (ru, kk, en)', () => {
  it('writes the invoice amounts a company sees', () => {
    expect(amountInWords(4_500_000, 'ru')).toBe('Сорок пять тысяч тенге 00 тиын');
    expect(amountInWords(4_500_000, 'kk')).toBe('Қырық бес мың теңге 00 тиын');
    expect(amountInWords(4_500_000, 'en')).toBe('Forty-five thousand tenge 00 tiyn');
    expect(amountInWords(9_000_000, 'ru')).toBe('Девяносто тысяч тенге 00 тиын');
    expect(amountInWords(1_241_379, 'ru')).toBe('Двенадцать тысяч четыреста тринадцать тенге 79 тиын');
    expect(amountInWords(450_000_000, 'kk')).toBe('Төрт миллион бес жүз мың теңге 00 тиын');
  });

  it('Russian: feminine thousands, the plural forms, 11-14', () => {
    expect(numberInWords(1000, 'ru')).toBe('одна тысяча');
    expect(numberInWords(2000, 'ru')).toBe('две тысячи');
    expect(numberInWords(5000, 'ru')).toBe('пять тысяч');
    expect(numberInWords(11_000, 'ru')).toBe('одиннадцать тысяч');
    expect(numberInWords(21_000, 'ru')).toBe('двадцать одна тысяча');
    expect(numberInWords(1_000_000, 'ru')).toBe('один миллион');
    expect(numberInWords(2_301_512, 'ru')).toBe('два миллиона триста одна тысяча пятьсот двенадцать');
    expect(numberInWords(0, 'ru')).toBe('ноль');
    expect(numberInWords(101, 'ru')).toBe('сто один');
  });

  it('Kazakh: the words and their order', () => {
    expect(numberInWords(7500, 'kk')).toBe('жеті мың бес жүз');
    expect(numberInWords(1000, 'kk')).toBe('бір мың');
    expect(numberInWords(115, 'kk')).toBe('бір жүз он бес');
    expect(numberInWords(2_000_019, 'kk')).toBe('екі миллион он тоғыз');
    expect(numberInWords(0, 'kk')).toBe('нөл');
  });

  it('English: hyphens, hundreds, scales', () => {
    expect(numberInWords(7500, 'en')).toBe('seven thousand five hundred');
    expect(numberInWords(1_000_001, 'en')).toBe('one million one');
    expect(numberInWords(999_999_999_999, 'en')).toBe('nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine');
    expect(() => numberInWords(1e12, 'en')).toThrow();
    expect(() => amountInWords(1.5, 'en')).toThrow();
  });
});
