'use client';

import { useContext, useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CaptchaScope, useCaptcha } from '@/components/forms/captcha';
import { ConsentNotice } from '@/components/forms/consent-notice';
import { Field, inputClass } from '@/components/forms/field';
import { PhoneInput } from '@/components/forms/phone-input';
import { landingPrimaryClass as buttonPrimary, landingSecondaryClass as buttonSecondary } from '@/components/ui/button-classes-landing';
import { useLocale } from '@/i18n/navigation';
import { CONSENT_VERSION } from '@/lib/consent';
import { checkIin } from '@/lib/iin';
import { formatKzPhone } from '@/lib/phone';
import { kazakhEntrySchema, type KazakhEntryValues } from '@/lib/validations/tests';
import { checkRoster, errorStatus, sendTestCode, startTest, type AttemptView } from './api';
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
  /** A public sitting: the phone confirmed by an SMS code (one sitting per phone in 12 months). */
  phone: string;
  phoneHint: string;
  sendCode: string;
  sendingCode: string;
  /** "{phone}" is replaced by the number the code went to. */
  codeSent: string;
  smsCode: string;
  resend: string;
  /** "{time}" is replaced by m:ss. */
  resendIn: string;
  /** Start pressed before a code was asked for. */
  codeFirst: string;
  /** Validation key → message in the page's language. */
  validation: Record<string, string>;
}

type FieldName = keyof KazakhEntryValues;
const FIELDS: FieldName[] = ['firstName', 'lastName', 'iin', 'workerCode', 'phone', 'smsCode'];

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Seconds until `at` (ms), ticking each second while above zero. */
function useCountdown(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= at) window.clearInterval(timer);
    };
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

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
    getValues,
    trigger,
    formState: { errors },
  } = useForm<KazakhEntryValues>({ resolver: zodResolver(kazakhEntrySchema), mode: 'onTouched' });

  // A public sitting (not a roster-only company's form): the phone is confirmed by an SMS code first.
  const needsPhone = !rosterOnly;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const resendIn = useCountdown(resendAt);
  const sendCode = async () => {
    if (!(await trigger('phone')) || !getValues('phone')) {
      if (!getValues('phone')) setError('phone', { type: 'server', message: text.validation.required });
      setFocus('phone');
      return;
    }
    const phone = getValues('phone')!;
    setSending(true);
    setAlert(null);
    try {
      const sent = await guard('sms', (proof) => sendTestCode(phone, proof));
      setSentTo(phone);
      setResendAt(Date.now() + sent.resendAfter * 1000);
      clearErrors(['phone', 'smsCode']);
      window.setTimeout(() => setFocus('smsCode'), 0);
    } catch (error) {
      const { fields, message: serverMessage, retryAfter } = errorStatus(error);
      if (retryAfter) setResendAt(Date.now() + retryAfter * 1000);
      if (fields.phone) {
        setError('phone', { type: 'server', message: fields.phone });
        setFocus('phone');
      } else setAlert(serverMessage ?? text.validation.invalid_value ?? '');
    } finally {
      setSending(false);
    }
  };

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
      if (needsPhone && !sentTo) {
        setError('phone', { type: 'server', message: text.codeFirst });
        setFocus('phone');
        setPending(false);
        return;
      }
      const { phone, smsCode, ...person } = values;
      const confirmed = needsPhone ? { phone: sentTo ?? phone, smsCode } : {};
      const { token, test } = await guard('kazakh_test', (proof) => startTest('kazakh', { ...person, ...confirmed, ...(company ? { company } : {}), consent: CONSENT_VERSION, ...proof }));
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
      {needsPhone && (
        <fieldset className="grid gap-3" data-testid="kazakh-phone">
          <Field id={`${id}-phone`} label={text.phone} error={message('phone')} hint={text.phoneHint}>
            <div className="flex flex-wrap items-stretch gap-3">
              <PhoneInput
                id={`${id}-phone`}
                aria-invalid={message('phone') ? true : undefined}
                aria-describedby={message('phone') ? `${id}-phone-error` : `${id}-phone-hint`}
                aria-required="true"
                className={`${inputClass} min-w-0 flex-1 basis-48`}
                {...register('phone', { onChange: () => sentTo && setSentTo(null) })}
              />
              <button
                type="button"
                className={`${buttonSecondary} disabled:opacity-70`}
                onClick={() => void sendCode()}
                disabled={sending || pending || resendIn > 0}
                aria-busy={sending}
              >
                {sending ? text.sendingCode : sentTo ? (resendIn > 0 ? text.resendIn.replace('{time}', clock(resendIn)) : text.resend) : text.sendCode}
              </button>
            </div>
          </Field>
          {sentTo && (
            <>
              <p role="status" className="text-sm text-muted" data-testid="kazakh-code-sent">
                {text.codeSent.replace('{phone}', formatKzPhone(sentTo).replace(/ /g, '\u00a0'))}
              </p>
              {input('smsCode', { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, spellCheck: false })}
            </>
          )}
        </fieldset>
      )}
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
