import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { passwordStep } from './account';
import { studentRegistrationSchema, tutorRegistrationSchema } from './registration';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('password rules of the specification, plus the checklist', () => {
  it.each([
    ['Пароль123A', 'password_latin'],
    ['password12', 'password_capital'],
    ['Passwordxx', 'password_digit'],
    ['Pass12', 'password_min'],
    ['Password123', 'password_common'],
    ['', 'required'],
  ])('%s → %s', (password, message) => {
    expect(messages(passwordStep.safeParse({ password, confirm: password })).password).toBe(message);
  });

  it('accepts long passphrases (64+ characters, no truncation) and symbols', () => {
    const long = 'Correct-Horse-Battery-Staple-1-' + 'x'.repeat(60);
    expect(passwordStep.safeParse({ password: long, confirm: long }).success).toBe(true);
    expect(passwordStep.safeParse({ password: long, confirm: long.slice(0, 72) }).success).toBe(false);
  });

  it('says when the passwords do not match', () => {
    expect(messages(passwordStep.safeParse({ password: 'Dala2026x', confirm: 'Dala2026y' })).confirm).toBe('password_mismatch');
  });

  it('refuses a password that is the phone number', () => {
    const r = studentRegistrationSchema.safeParse({
      name: 'Aru', lastname: 'S', subject: 'english', phone: '+7 701 555 66 77', code: '123456', password: 'A77015556677', confirm: 'A77015556677', consent: CONSENT_VERSION,
    });
    expect(messages(r).password).toBe('password_like_identifier');
  });

  it('a tutor needs every step, the middle name is optional', () => {
    const ok = tutorRegistrationSchema.safeParse({
      tutorKind: 'local', name: 'Ерлан', lastname: 'Сейітов', teachingLanguage: 'kk', subject: 'mathematics',
      phone: '87012223344', code: '654321', password: 'Shanyrak2026', confirm: 'Shanyrak2026', consent: CONSENT_VERSION,
    });
    expect(ok.success).toBe(true);
    const bad = tutorRegistrationSchema.safeParse({ tutorKind: 'x', name: '', subject: 'magic', phone: '+79121234567', code: '12' });
    expect(messages(bad)).toMatchObject({ tutorKind: 'required', name: 'required', subject: 'required', phone: 'phone_not_kz', code: 'code_invalid', consent: 'consent_required' });
  });
});
