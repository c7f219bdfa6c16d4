import { describe, expect, it } from 'vitest';
import { normalizePersonName, optionalPersonNameField, personNameField } from './person-name';
import { studentPersonalStep, tutorInitialsStep } from './registration';
import { kazakhEntrySchema } from './tests';

const issue = (value: unknown) => {
  const r = personNameField.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('person names (Kazakh test and registration)', () => {
  it('accepts Latin and Cyrillic names, Kazakh letters included, with spaces, hyphens and apostrophes inside', () => {
    for (const name of ['Әйгерім', 'Нұрмағанбетова-Қоңырбаева', "O'Brien", 'Jean-Luc', 'Абу Бакр', 'Zoë', 'Şükrü', 'Ұлжан Һадиша', 'Ғалым Іңкәр Өмір Үміт']) {
      expect(personNameField.parse(name), name).toBe(name);
    }
  });

  it('normalises: NFKC (full-width letters), typographic apostrophes and dashes, runs of spaces, trimmed ends', () => {
    expect(personNameField.parse('Ａｉｄａ')).toBe('Aida');
    expect(personNameField.parse('  Анна    Мария  ')).toBe('Анна Мария');
    expect(personNameField.parse('D’Artagnan')).toBe("D'Artagnan");
    expect(personNameField.parse('Анна–Мария')).toBe('Анна-Мария');
    expect(personNameField.parse('Ал\u0438\u0306')).toBe('Алй'); // и + combining breve → й
    expect(normalizePersonName('\u00A0Ерлан\t')).toBe('Ерлан');
  });

  it('refuses scripts the certificate cannot print, digits, signs and separators without letters', () => {
    for (const name of ['张伟', '山田', '김민준', 'محمد', 'Ελένη', 'Анна2', 'Ali.', 'Ann@', '😀', '--', "'", 'Anna--Maria', 'Анна Мария-']) {
      expect(issue(name), name).toBe('name_letters');
    }
    expect(issue('   ')).toBe('required');
    expect(issue('a'.repeat(81))).toBe('too_long');
  });

  it('is what the Kazakh entry form and the registration name fields use', () => {
    const base = { iin: '900101300017', workerCode: 'HR-1' };
    expect(kazakhEntrySchema.safeParse({ ...base, firstName: '张伟', lastName: 'Li' }).success).toBe(false);
    expect(kazakhEntrySchema.parse({ ...base, firstName: 'Ａｉｄａ', lastName: ' Ли ' })).toMatchObject({ firstName: 'Aida', lastName: 'Ли' });
    expect(studentPersonalStep.safeParse({ name: 'محمد', lastname: 'Ali', subject: 'english' }).success).toBe(false);
    expect(tutorInitialsStep.parse({ name: 'Ｄａｎａ', lastname: 'Оспан', secondname: '' })).toEqual({ name: 'Dana', lastname: 'Оспан', secondname: '' });
    expect(tutorInitialsStep.safeParse({ name: 'Dana', lastname: 'Оспан', secondname: '李' }).success).toBe(false);
    expect(optionalPersonNameField.parse(undefined)).toBeUndefined();
  });
});
