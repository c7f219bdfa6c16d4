'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { LazyLeadForm } from '@/components/forms/lazy-lead-form';
import { buttonPrimary, buttonSecondary, textLink } from '@/components/landing/student/styles';
import { SKILLS } from '@/lib/quiz/types';
import { downloadCertificate, errorStatus, type AttemptView } from './api';
import { fill, type TestText } from './text';

/** Result: level, counts, per-skill breakdown; then the trial-lesson offer or the certificate. */
export function TestResult({
  token,
  test,
  text,
  page,
  localePrefix,
  onRestart,
}: {
  token: string;
  test: AttemptView;
  text: TestText;
  page: string;
  /** '' for Russian, '/kk' or '/en': links built here stay in the visitor's language. */
  localePrefix: string;
  onRestart?: () => void;
}) {
  const id = useId();
  const t = text.result;
  const heading = useRef<HTMLHeadingElement>(null);
  const result = test.result!;
  const certificate = test.certificate;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  // Kazakh: the certificate's wording ("A0" is "below A1", shown by its name alone).
  const levelLine =
    test.kind === 'placement'
      ? `${result.levelName} (${result.cefr})`
      : certificate
        ? certificate.level === 'A0'
          ? certificate.levelName
          : `${certificate.level} — ${certificate.levelName}`
        : `${result.cefr} — ${result.levelName}`;

  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none md:text-3xl">
          {t.title}
        </h2>
        {test.taker && (
          <p className="mt-2 text-muted" data-testid="test-taker">
            {fill(text.taker, { name: `${test.taker.firstName} ${test.taker.lastName}`, last4: test.taker.iinLast4 })}
          </p>
        )}
        <p className="mt-5 text-sm font-medium text-muted">{t.level}</p>
        <p className="mt-1 text-3xl font-bold text-brand-dark md:text-4xl" data-testid="test-level">
          {levelLine}
        </p>
        {test.kind === 'kazakh' && !result.levelReached && <p className="mt-2 text-muted">{t.belowA1}</p>}

        <dl className="mt-6 grid grid-cols-3 gap-3 text-center">
          {(
            [
              ['correct', t.correct, result.correct, 'text-[#0b7a63]'],
              ['wrong', t.wrong, result.wrong, 'text-danger'],
              ['unanswered', t.unanswered, result.unanswered, 'text-muted'],
            ] as const
          ).map(([key, label, value, color]) => (
            <div key={key} className="rounded-xl bg-brand-tint/60 px-2 py-4">
              <dt className="text-xs text-muted sm:text-sm">{label}</dt>
              <dd className={`mt-1 text-2xl font-bold ${color}`} data-testid={`test-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {result.unanswered > 0 && <p className="mt-4 text-sm text-muted">{t.earlyNote}</p>}

        <h3 className="mt-8 text-lg font-semibold">{t.perSkill}</h3>
        <ul className="mt-3 grid gap-3">
          {SKILLS.filter((s) => (result.perSkill[s]?.total ?? 0) > 0).map((skill) => {
            const tally = result.perSkill[skill]!;
            return (
              <li key={skill}>
                <div className="flex justify-between text-sm">
                  <span>{text.skills[skill]}</span>
                  <span className="font-medium">{fill(t.skillScore, { correct: tally.correct, total: tally.total })}</span>
                </div>
                <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-line">
                  <div className="h-full rounded-full bg-brand-dark" style={{ width: `${(tally.correct / tally.total) * 100}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      {certificate && <CertificateBox token={token} certificate={certificate} text={text} localePrefix={localePrefix} />}

      {test.kind === 'placement' && (
        <section aria-labelledby={`${id}-trial`} className="rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8">
          <h2 id={`${id}-trial`} className="text-2xl font-bold">
            {t.trialTitle}
          </h2>
          <p className="mt-2 text-muted">{t.trialText}</p>
          <div className="mt-6 max-w-lg">
            <LazyLeadForm
              kind="trial"
              page={page}
              answers={{ test: 'placement', level: result.level, cefr: result.cefr, score: `${result.correct}/${result.total}` }}
              loadingLabel={text.loadingForm}
            />
          </div>
        </section>
      )}

      {onRestart && (
        <div>
          <button type="button" className={buttonSecondary} onClick={onRestart}>
            {t.restart}
          </button>
        </div>
      )}
    </div>
  );
}

function CertificateBox({
  token,
  certificate,
  text,
  localePrefix,
}: {
  token: string;
  certificate: NonNullable<AttemptView['certificate']>;
  text: TestText;
  localePrefix: string;
}) {
  const id = useId();
  const t = text.result;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  // dd.mm.yyyy in Almaty time (UTC+5, no DST), as on the PDF; spelled out by hand because
  // browsers and Node format kk-KZ differently.
  const almaty = new Date(new Date(certificate.issuedAt).getTime() + 5 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${pad(almaty.getUTCDate())}.${pad(almaty.getUTCMonth() + 1)}.${almaty.getUTCFullYear()}`;

  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const { blob, filename } = await downloadCertificate(token);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setFailed(errorStatus(error).message ?? t.downloadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {t.certificateTitle}
      </h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">{t.certificateNumber}</dt>
          <dd className="font-mono text-lg font-semibold" data-testid="certificate-number">
            {certificate.number}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t.certificateDate}</dt>
          <dd className="text-lg font-semibold">{date}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <button type="button" className={`${buttonPrimary} disabled:opacity-70`} onClick={download} disabled={busy} aria-busy={busy}>
          {busy ? t.downloading : t.download}
        </button>
        <a className={textLink} href={`${localePrefix}/certificate/${certificate.number}`}>
          {t.verifyLink}
        </a>
      </div>
      <div role="status" aria-live="polite" className="mt-3 min-h-5 text-sm text-danger">
        {failed}
      </div>
    </section>
  );
}
