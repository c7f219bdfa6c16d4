import { z } from 'zod';
import { captchaKindField } from '@/lib/validations/captcha';
import { kzPhoneField } from '@/lib/validations/lead';

// Messages are keys of the "Validation" namespace, translated where they are shown.
export const SMS_PURPOSES = ['register', 'reset', 'lesson', 'company_login', 'kazakh_test'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
/** What the public send call accepts: `company_login` codes are sent only after an HR password passed. */
export const PUBLIC_SMS_PURPOSES = ['register', 'reset', 'lesson', 'kazakh_test'] as const;

export const smsPurposeField = z.enum(PUBLIC_SMS_PURPOSES, { error: 'invalid_value' });

/** A typed-in SMS code: six digits (spaces around are ignored). For the routes that verify codes. */
export const smsCodeField = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .regex(/^\d{6}$/, 'sms_code_format');

export const smsSendRequestSchema = z.object({
  phone: kzPhoneField,
  purpose: smsPurposeField,
  captchaToken: z.string().max(4096, 'too_long').optional(),
  captchaKind: captchaKindField,
});

export type SmsSendRequest = z.output<typeof smsSendRequestSchema>;
