import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { CompanyRef } from '@/lib/quiz/attempts';
import { KazakhEntryForm, type KazakhEntryText } from './kazakh-entry';
import { getTestText } from './server-text';
import { TestFlow } from './test-flow';
import { prefixOf, Shell } from './test-pages';

const VALIDATION_KEYS = ['required', 'too_long', 'invalid_value', 'name_invalid', 'name_letters', 'iin_length', 'iin_digits', 'iin_checksum', 'worker_code_invalid', 'iin_not_on_roster', 'phone_invalid', 'phone_not_kz', 'code_invalid', 'sms_code_missing'] as const;

/** /kazakh-test and /kazakh-test/{company}: the once-only Kazakh level test with a certificate. */
export async function KazakhTestPage({ locale, company }: { locale: Locale; company: CompanyRef | null }) {
  const t = await getTranslations({ locale, namespace: 'Tests.kazakh' });
  const tv = await getTranslations({ locale, namespace: 'Validation' });
  const text = await getTestText(locale);
  const entry: KazakhEntryText = {
    title: t('form.title'),
    firstName: t('form.firstName'),
    lastName: t('form.lastName'),
    iin: t('form.iin'),
    iinHint: t('form.iinHint'),
    workerCode: t('form.workerCode'),
    workerCodeHint: t('form.workerCodeHint'),
    privacy: t('form.privacy'),
    consent: t('form.consent'),
    privacyPolicy: t('form.privacyPolicy'),
    submit: t('form.submit'),
    submitting: t('form.submitting'),
    rosterFound: t('form.rosterFound'),
    rosterChecking: t('form.rosterChecking'),
    phone: t('form.phone'),
    phoneHint: t('form.phoneHint'),
    sendCode: t('form.sendCode'),
    sendingCode: t('form.sendingCode'),
    codeSent: t.raw('form.codeSent') as string,
    smsCode: t('form.smsCode'),
    resend: t('form.resend'),
    resendIn: t.raw('form.resendIn') as string,
    codeFirst: t('form.codeFirst'),
    validation: Object.fromEntries(VALIDATION_KEYS.map((k) => [k, tv(k)])),
  };
  const intro = (
    <div className="grid gap-5">
      <p className="max-w-3xl text-lg text-muted">{t('lead')}</p>
      {company && <p className="font-medium">{t('company', { company: company.name })}</p>}
      <p className="rounded-xl border border-sun/60 bg-sun/10 px-4 py-3 font-medium">{t('once')}</p>
      <p className="text-sm text-muted">{t('itemsLanguage')}</p>
    </div>
  );
  return (
    <Shell title={t('title')}>
      <TestFlow
        kind="kazakh"
        company={company?.slug ?? null}
        text={text}
        intro={intro}
        startLabel={t('form.submit')}
        entry={<KazakhEntryForm text={entry} company={company?.slug ?? null} rosterOnly={company?.rosterOnly ?? false} />}
        page={company ? `/kazakh-test/${company.slug}` : '/kazakh-test'}
        localePrefix={prefixOf(locale)}
      />
    </Shell>
  );
}

