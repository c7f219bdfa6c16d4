'use client';

import { useContext, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CaptchaScope, useCaptcha } from '@/components/forms/captcha';
import { ConsentNotice } from '@/components/forms/consent-notice';
import { Field, inputClass } from '@/components/forms/field';
import { landingPrimaryClass as buttonPrimary } from '@/components/ui/button-classes-landing';
import { useLocale } from '@/i18n/navigation';
import { CONSENT_VERSION } from '@/lib/consent';
import { checkIin } from '@/lib/iin';
import { kazakhEntrySchema, type KazakhEntryValues } from '@/lib/validations/tests';
import { checkRoster, errorStatus, startTest, type AttemptView } from './api';
import { TestStartContext } from './start-context';

export interface KazakhEntryText {
  title: string;
  firstName: string;
  lastName: string;
  iin: string;
  iinHint: string;
  workerCode: string;
  workerCodeHint: string;
  privacy: string;
  /** What is done with the data (the consent text of CONSENT_VERSION) and the policy link's text. */
  consent: string;
  privacyPolicy: string;
  submit: string;
  submitting: string;
  /** Roster-only company: the IIN is on the roster (its initials follow) / the IIN is being looked up. */
  rosterFound: string;
  rosterChecking: string;
  /** Validation key → message in the page's language. */
  validation: Record<string, string>;
}

type FieldName = keyof KazakhEntryValues;
const FIELDS: FieldName[] = ['firstName', 'lastName', 'iin', 'workerCode'];

function EntryForm({
  text,
  company,
  rosterOnly,
  busy,
  onStarted,
}: {
  text: KazakhEntryText;
  company: string | null;
  rosterOnly: boolean;
  busy: boolean;
  onStarted: (token: string, test: AttemptView) => void;
}) {
  const id = useId();
  const locale = useLocale();
  const { arm, guard } = useCaptcha();
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<KazakhEntryValues>({ resolver: zodResolver(kazakhEntrySchema), mode: 'onTouched' });

  // Roster-only company: a valid IIN is looked up once it is typed (rate-limited on the server);
  // one on the roster shows the initials it is listed under (the certificate takes the roster's
  // names), one off it is refused here as the start would refuse it.
  const [roster, setRoster] = useState<'checking' | 'found' | null>(null);
  const [initials, setInitials] = useState<string | null>(null);
  const lastLookup = useRef<string | null>(null);
  const lookUp = async (raw: string) => {
    const iin = raw.replace(/[\s-]/g, '');
    if (!rosterOnly || !company || !checkIin(iin).ok || lastLookup.current === iin) return;
    lastLookup.current = iin;
    setRoster('checking');
    try {
      const r = await checkRoster(company, iin);
      if (r.onRoster) {
        setInitials(r.initials ?? null);
        clearErrors('iin');
        setRoster('found');
      } else {
        setRoster(null);
        if (r.rosterOnly) setError('iin', { type: 'server', message: text.validation.iin_not_on_roster });
      }
    } catch {
      setRoster(null); // the start checks again
    }
  };

  const message = (field: FieldName) => {
    const e = errors[field];
    if (!e?.message) return undefined;
    return e.type === 'server' ? e.message : (text.validation[e.message] ?? text.validation.invalid_value);
  };

  const submit = handleSubmit(async (values) => {
    setPending(true);
    setAlert(null);
    try {
      const { token, test } = await guard('kazakh_test', (proof) => startTest('kazakh', { ...values, ...(company ? { company } : {}), consent: CONSENT_VERSION, ...proof }));
      onStarted(token, test);
    } catch (error) {
      const { fields, message: serverMessage } = errorStatus(error);
      let first: FieldName | undefined;
      for (const [field, msg] of Object.entries(fields)) {
        if ((FIELDS as string[]).includes(field)) {
          setError(field as FieldName, { type: 'server', message: msg });
          first ??= field as FieldName;
        }
      }
      if (first) setFocus(first);
      else setAlert(fields.consent ?? serverMessage ?? text.validation.invalid_value ?? '');
      setPending(false);
    }
  });

  const input = (name: FieldName, extra: InputHTMLAttributes<HTMLInputElement>, hint?: string) => {
    const error = message(name);
    const describedBy = error ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined;
    return (
      <Field id={`${id}-${name}`} label={text[name]} error={error} hint={hint}>
        <input
          id={`${id}-${name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required="true"
          className={inputClass}
          {...extra}
          {...register(name, name === 'iin' ? { onBlur: (e: { target: { value: string } }) => void lookUp(e.target.value), onChange: (e: { target: { value: string } }) => void lookUp(e.target.value) } : undefined)}
        />
      </Field>
    );
  };

  return (
    <form noValidate onFocus={arm} onSubmit={submit} className="grid gap-5 rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {text.title}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        {input('lastName', { autoComplete: 'family-name' })}
        {input('firstName', { autoComplete: 'given-name' })}
      </div>
      {input('iin', { inputMode: 'numeric', autoComplete: 'off', maxLength: 14, spellCheck: false }, text.iinHint)}
      {roster && (
        <p role="status" className="text-sm text-muted" data-testid="roster-status">
          {roster === 'found' ? `${text.rosterFound}${initials ? ` (${initials})` : ''}.` : text.rosterChecking}
        </p>
      )}
      {input('workerCode', { autoComplete: 'off', spellCheck: false, maxLength: 40 }, text.workerCodeHint)}
      <p className="text-sm text-muted">{text.privacy}</p>
      <ConsentNotice text={text.consent} policy={text.privacyPolicy} locale={locale} className="text-sm text-muted" />
      {alert && (
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 font-medium text-danger" data-testid="kazakh-alert">
          {alert}
        </p>
      )}
      <div>
        <button type="submit" className={`${buttonPrimary} w-full sm:w-auto disabled:opacity-70`} disabled={pending || busy} aria-busy={pending || busy}>
          {pending ? text.submitting : text.submit}
        </button>
      </div>
    </form>
  );
}

/** The Kazakh test's entry form: last name, first name, IIN (checked as you leave it), position code. */
/** The Kazakh test's start form, for TestFlow's `entry` (the flow's state comes through TestStartContext). */
export function KazakhEntryForm({ text, company, rosterOnly = false }: { text: KazakhEntryText; company: string | null; rosterOnly?: boolean }) {
  const flow = useContext(TestStartContext);
  return (
    <CaptchaScope>
      <EntryForm text={text} company={company} rosterOnly={rosterOnly} {...flow} />
    </CaptchaScope>
  );
}
