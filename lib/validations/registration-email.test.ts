import { describe, expect, it } from 'vitest';
import { studentPersonalStep, tutorInitialsStep } from './registration';

// The wizards' optional e-mail is checked on the step that asks for it, with the route's rules.
describe('the optional e-mail of the registration wizards', () => {
  const student = { name: 'Аружан', lastname: 'Sadykova', subject: 'english' };
  const tutor = { name: 'Ерлан', lastname: 'Сейітов' };

  it('may be left empty', () => {
    expect(studentPersonalStep.parse({ ...student, email: '' }).email).toBeUndefined();
    expect(studentPersonalStep.parse(student).email).toBeUndefined();
    expect(tutorInitialsStep.parse({ ...tutor, email: '' }).email).toBeUndefined();
  });

  it('is trimmed and lower-cased', () => {
    expect(studentPersonalStep.parse({ ...student, email: '  Aruzhan.S@Mail.KZ ' }).email).toBe('aruzhan.s@mail.kz');
    expect(tutorInitialsStep.parse({ ...tutor, email: 'Erlan@Example.kz' }).email).toBe('erlan@example.kz');
  });

  it('refuses what is not an address, on the e-mail field', () => {
    for (const schema of [studentPersonalStep, tutorInitialsStep]) {
      const r = schema.safeParse({ ...student, ...tutor, email: 'aruzhan@' });
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['email', 'email_invalid']]);
    }
  });
});
