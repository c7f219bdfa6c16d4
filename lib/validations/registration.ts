import { z } from 'zod';
import { passwordPair, withPasswordChecks } from './account';
import { emailField } from './auth';
import { captchaKindField } from './captcha';
import { consentField } from './consent';
import { kzPhoneField } from './lead';
import { optionalPersonNameField, personNameField } from './person-name';

// One schema per wizard step; the route validates the union of the steps. Messages are
// "Validation" keys. The password step and the account forms' schemas are in ./account.ts.
export const STUDENT_SUBJECTS = ['english', 'kazakh'] as const;
export const TUTOR_SUBJECTS = ['english', 'kazakh', 'russian', 'mathematics', 'physics', 'chemistry', 'biology', 'history', 'geography', 'informatics'] as const;
export const TEACHING_LANGUAGES = ['kk', 'ru', 'en'] as const;
export const SMS_PURPOSES = ['register', 'reset', 'lesson'] as const;

export const codeField = z.string({ error: 'required' }).trim().min(1, { error: 'required', abort: true }).regex(/^\d{6}$/, 'code_invalid');
const nameField = personNameField;
const optionalName = optionalPersonNameField;

/** Optional at registration: an e-mail lets the visitor sign in and reset the password by e-mail. */
export const optionalEmail = z.union([z.literal('').transform(() => undefined), emailField]).optional();

// Student wizard: personal data (with the optional e-mail) → phone and SMS code → password → success.
export const studentPersonalStep = z.object({ name: nameField, lastname: nameField, email: optionalEmail, subject: z.enum(STUDENT_SUBJECTS, { error: 'required' }) });
export const phoneStep = z.object({ phone: kzPhoneField });
export const codeStep = z.object({ phone: kzPhoneField, code: codeField });

export const studentRegistrationSchema = withPasswordChecks(
  studentPersonalStep.extend({ email: optionalEmail, phone: kzPhoneField, code: codeField, ...passwordPair.shape, consent: consentField, captchaToken: z.string().max(4096).optional(), captchaKind: captchaKindField }),
);

// Tutor wizard: international or local → initials → teaching language → subject → password → phone and code → success.
export const tutorKindStep = z.object({ tutorKind: z.enum(['international', 'local'], { error: 'required' }) });
export const tutorInitialsStep = z.object({ name: nameField, lastname: nameField, secondname: optionalName, email: optionalEmail });
export const tutorLanguageStep = z.object({ teachingLanguage: z.enum(TEACHING_LANGUAGES, { error: 'required' }) });
export const tutorSubjectStep = z.object({ subject: z.enum(TUTOR_SUBJECTS, { error: 'required' }) });
export const tutorRegistrationSchema = withPasswordChecks(
  tutorKindStep
    .extend(tutorInitialsStep.shape)
    .extend(tutorLanguageStep.shape)
    .extend(tutorSubjectStep.shape)
    .extend({ email: optionalEmail, phone: kzPhoneField, code: codeField, ...passwordPair.shape, consent: consentField, captchaToken: z.string().max(4096).optional(), captchaKind: captchaKindField }),
);

// Simple registration to enter an online lesson: name, phone, SMS code.
export const lessonRegistrationSchema = z.object({ name: nameField, phone: kzPhoneField, code: codeField, consent: consentField });

// Password reset.
export const resetByPhoneSchema = withPasswordChecks(z.object({ phone: kzPhoneField, code: codeField, ...passwordPair.shape }));

export const smsSendSchema = z.object({ phone: kzPhoneField, purpose: z.enum(SMS_PURPOSES, { error: 'invalid_value' }), captchaToken: z.string().max(4096).optional(), captchaKind: captchaKindField });
