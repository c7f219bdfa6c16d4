'use client';

import { useContext, useEffect, useState, type ReactNode } from 'react';
import { ConsentNotice } from '@/components/forms/consent-notice';
import { landingPrimaryClass as buttonPrimary } from '@/components/ui/button-classes-landing';
import { useLocale } from '@/i18n/navigation';
import { CONSENT_VERSION } from '@/lib/consent';
import { errorStatus, fetchInvitation, startInvitation, type InvitationInfo } from './api';
import { TestStartContext } from './start-context';
import { TestFlow } from './test-flow';
import type { TestText } from './text';
import { schoolLongDate } from '@/lib/time/school-clock';

export interface InvitationText {
  checking: string;
  noToken: string;
  notFound: string;
  expired: string;
  loadFailed: string;
  /** "{name}" and "{deadline}" are filled in here. */
  whom: string;
  deadline: string;
  noIin: string;
  consent: string;
  privacyPolicy: string;
  start: string;
  starting: string;
}

const fill = (s: string, vars: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

/** The start of an invited employee's test: their name from the roster, the deadline, the consent, one button. */
function InvitationStart({ token, info, text }: { token: string; info: InvitationInfo; text: InvitationText }) {
  const { busy, onStarted } = useContext(TestStartContext);
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const date = schoolLongDate(info.deadline, locale);
  async function start() {
    setPending(true);
    setAlert(null);
    try {
      const { test } = await startInvitation(token, CONSENT_VERSION);
      onStarted(token, test);
    } catch (error) {
      setAlert(errorStatus(error).message ?? text.loadFailed);
      setPending(false);
    }
  }
  return (
    <div className="grid gap-4 rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8">
      <p className="text-lg font-semibold" data-testid="invitation-whom">
        {fill(text.whom, { name: `${info.lastName} ${info.firstName}` })}
      </p>
      <p>{fill(text.deadline, { deadline: date })}</p>
      <p className="text-sm text-muted">{text.noIin}</p>
      <ConsentNotice text={text.consent} policy={text.privacyPolicy} locale={locale} className="text-sm text-muted" />
      {alert && (
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 font-medium text-danger">
          {alert}
        </p>
      )}
      <div>
        <button type="button" className={`${buttonPrimary} w-full sm:w-auto disabled:opacity-70`} onClick={() => void start()} disabled={pending || busy} aria-busy={pending || busy} data-testid="invitation-start">
          {pending ? text.starting : text.start}
        </button>
      </div>
    </div>
  );
}

type State = { name: 'checking' } | { name: 'message'; text: string } | { name: 'ready'; token: string; info: InvitationInfo };

/**
 * /kazakh-test/{company}/invite#token: the token rides in the fragment (never in a log or a Referer).
 * A started test resumes from the server on any device; a finished one shows its result.
 */
export function InvitationFlow({ text, testText, intro, company, page, localePrefix }: { text: InvitationText; testText: TestText; intro: ReactNode; company: string; page: string; localePrefix: string }) {
  const [state, setState] = useState<State>({ name: 'checking' });
  useEffect(() => {
    const token = window.location.hash.replace(/^#/, '');
    if (!/^[\w-]{20,100}$/.test(token)) {
      queueMicrotask(() => setState({ name: 'message', text: text.noToken }));
      return;
    }
    fetchInvitation(token)
      .then((info) => {
        if (info.company.slug !== company) setState({ name: 'message', text: text.notFound });
        else if (info.state === 'expired') setState({ name: 'message', text: text.expired });
        else setState({ name: 'ready', token, info });
      })
      .catch((error: unknown) => setState({ name: 'message', text: errorStatus(error).status === 404 ? text.notFound : text.loadFailed }));
  }, [company, text]);

  if (state.name === 'checking') return <p role="status" className="text-muted">{text.checking}</p>;
  if (state.name === 'message')
    return (
      <p role="alert" className="rounded-xl border border-sun/60 bg-sun/10 px-4 py-3 font-medium" data-testid="invitation-message">
        {state.text}
      </p>
    );
  return (
    <TestFlow
      kind="kazakh"
      company={company}
      text={testText}
      intro={intro}
      startLabel={text.start}
      entry={<InvitationStart token={state.token} info={state.info} text={text} />}
      page={page}
      localePrefix={localePrefix}
      token={state.token}
    />
  );
}
