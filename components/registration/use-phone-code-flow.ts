'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { issueFields, stepOfFields, type ServerError, type SmsPurpose } from './api';
import type { PasswordStepProps, PasswordValues } from './password-step';
import type { PhoneStepProps } from './phone-step';
import type { SmsCodeStepProps } from './sms-code';
import type { Message } from './step-ui';
import type { FieldErrors, SmsState, Wizard } from './use-wizard';

/** What a wizard with a phone step and a code step keeps about them. */
export interface PhoneCodeData {
  phone: string;
  sms: SmsState | null;
  code: string;
}

export interface PhoneCodeFlowOptions {
  /** The wizard's phone-number step and the code step after it. */
  steps: { phone: number; code: number };
  /** The step that owns each field: an error is shown where it can be put right. */
  fieldStep: Record<string, number>;
  purpose: SmsPurpose;
  total: number;
}

/**
 * The part the phone wizards share: the phone → SMS code steps' wiring (send with the captcha
 * token, resend, change number, all in PhoneStep and SmsCodeStep), the check of the whole form
 * before the final call, and the server's field errors sent back to the step that owns them.
 * The wizard's message (under its last step) lives here too, since a refusal without fields ends there.
 */
export function usePhoneCodeFlow<D extends PhoneCodeData>(w: Wizard<D>, { steps, fieldStep, purpose, total }: PhoneCodeFlowOptions) {
  const tr = useTranslations('Registration');
  const tv = useTranslations('Validation');
  const [message, setMessage] = useState<Message>(null);
  const { step, data, navigated: focus } = w;

  /** Errors on this step's fields, or on an earlier step's, taking along what this step had. */
  function showOn(target: number, fields: FieldErrors, kept: Partial<D>) {
    if (target === step) w.showErrors(fields);
    else w.go(target, kept, fields);
  }

  /** The final call's data, or undefined when the whole form's check failed (its errors are then shown on their step). */
  function valid<T>(result: z.ZodSafeParseResult<T>, kept: Partial<D>): T | undefined {
    if (result.success) return result.data;
    const fields = Object.fromEntries(Object.entries(issueFields(result.error.issues)).map(([k, v]) => [k, tv.has(v as never) ? tv(v as never) : v]));
    showOn(stepOfFields(fields, fieldStep) ?? step, fields, kept);
    return undefined;
  }

  /** The server refused the final call: on the fields of the step that owns them, else as the wizard's message. */
  function refused(e: ServerError, kept: Partial<D>) {
    const target = stepOfFields(e.fields, fieldStep);
    if (target !== undefined) showOn(target, e.fields, kept);
    else setMessage({ kind: 'error', content: e.fields.consent ?? e.message ?? tr('errorGeneric') });
  }

  // The wizard's own persist is passed as is (a stable function: the steps subscribe with it).
  const phone = {
    total,
    focus,
    purpose,
    defaultPhone: data.phone,
    sms: data.sms,
    serverErrors: w.errors,
    persist: w.persist as PhoneStepProps['persist'],
    onSent: (phone: string, sms: SmsState) => w.go(steps.code, { phone, sms } as Partial<D>),
  } satisfies Partial<PhoneStepProps>;

  // Only once a code was sent (a stored step without one goes back to the phone step).
  const code = data.sms && {
    total,
    focus,
    purpose,
    sms: data.sms,
    defaultCode: data.code,
    serverErrors: w.errors,
    persist: w.persist as SmsCodeStepProps['persist'],
    onResent: (sms: SmsState) => w.patch({ sms } as Partial<D>),
    onChangeNumber: (code: string) => w.go(steps.phone, { code } as Partial<D>),
  } satisfies Partial<SmsCodeStepProps>;

  // For a wizard whose password step follows the code step (the student's, the reset by phone).
  const kept = data as Partial<PasswordValues>;
  const passwordAfterCode = {
    total,
    focus,
    defaults: { password: kept.password ?? '', confirm: kept.confirm ?? '' },
    serverErrors: w.errors,
    message,
    onBack: (values: PasswordValues) => {
      setMessage(null);
      w.go(steps.code, values as unknown as Partial<D>);
    },
  } satisfies Partial<PasswordStepProps>;

  return {
    message,
    setMessage,
    valid,
    refused,
    /** The phone step is shown (also at the code step when no code was sent). */
    atPhone: step === steps.phone || (step === steps.code && !data.sms),
    /** PhoneStep's props but its title, number, way back and text. */
    phone,
    /** SmsCodeStep's props but its title, number and what comes next; null until a code was sent. */
    code,
    /** PasswordStep's props but its title, number, button and submit, when it follows the code step. */
    passwordAfterCode,
  };
}
