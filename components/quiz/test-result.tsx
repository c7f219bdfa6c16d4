'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { LazyLeadForm } from '@/components/forms/lazy-lead-form';
import { textLink } from '@/components/landing/student/styles';
import { landingPrimaryClass as buttonPrimary, landingSecondaryClass as buttonSecondary } from '@/components/ui/button-classes-landing';
import { SKILLS } from '@/lib/quiz/types';
import { downloadCertificate, errorStatus, type AttemptView, type PlacementResultView } from './api';
import { GroupSuggestions, groupLevelOf } from './group-suggestions';
import { fill, type TestText } from './text';
import { schoolDateOf } from '@/lib/time/school-clock';

/**
 * Result. Placement: level, counts, per-skill breakdown, then the trial-lesson offer. Kazakh: the
 * level and what it means, never counts (they would tell which single answers were right), or "not
 * determined" when too few items were answered; then the certificate.
 */
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
  const certificate = test.certificate;
  // Groups of the taker's level (issue 33): the placement test is English's, the other Kazakh's.
  const groupLevel = test.kind === 'placement' ? groupLevelOf(test.result?.cefr) : test.result?.determined ? groupLevelOf(test.result.level) : null;

  useEffect(() => {
    heading.current?.focus();
  }, []);

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
        {test.kind === 'placement' ? <PlacementScore result={test.result!} text={text} /> : <KazakhLevel test={test} text={text} />}
      </section>

      {certificate && <CertificateBox token={token} certificate={certificate} text={text} localePrefix={localePrefix} />}

      {groupLevel && <GroupSuggestions subject={test.kind === 'placement' ? 'english' : 'kazakh'} level={groupLevel} text={text} localePrefix={localePrefix} />}

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
              answers={{ test: 'placement', level: test.result!.level, cefr: test.result!.cefr, score: `${test.result!.correct}/${test.result!.total}` }}
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

function PlacementScore({ result, text }: { result: PlacementResultView; text: TestText }) {
  const t = text.result;
  return (
    <>
      <p className="mt-5 text-sm font-medium text-muted">{t.level}</p>
      <p className="mt-1 text-3xl font-bold text-brand-dark md:text-4xl" data-testid="test-level">
        {`${result.levelName} (${result.cefr})`}
      </p>

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
    </>
  );
}

function KazakhLevel({ test, text }: { test: Extract<AttemptView, { kind: 'kazakh' }>; text: TestText }) {
  const t = text.result;
  const result = test.result!;
  // The taker's own answers (what the browser sent), not anything the server scored.
  const total = test.items.length;
  const answered = Object.values(test.answers).filter((v) => v !== null && v !== undefined).length;
  if (!result.determined || !result.level) {
    return (
      <>
        <p className="mt-5 text-sm font-medium text-muted">{t.level}</p>
        <p className="mt-1 text-3xl font-bold text-brand-dark md:text-4xl" data-testid="test-level">
          {t.notDetermined}
        </p>
        <p className="mt-3 text-muted" data-testid="test-level-note">
          {fill(t.fewAnswers, { answered, total, min: result.minAnswers })}
        </p>
      </>
    );
  }
  const band = result.level as keyof typeof t.kazakhBands;
  return (
    <>
      <p className="mt-5 text-sm font-medium text-muted">{t.level}</p>
      <p className="mt-1 text-3xl font-bold text-brand-dark md:text-4xl" data-testid="test-level">
        {result.level === 'A0' ? <span lang="kk">{result.levelName}</span> : <>{result.level} — <span lang="kk">{result.levelName}</span></>}
      </p>
      {!result.levelReached && <p className="mt-2 text-muted">{t.belowA1}</p>}
      {t.kazakhBands[band] && (
        <p className="mt-3 text-muted" data-testid="test-level-note">
          {t.kazakhBands[band]}
        </p>
      )}
      {answered < total && <p className="mt-4 text-sm text-muted">{t.earlyNote}</p>}
    </>
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
  // dd.mm.yyyy on the school's clock, as on the PDF; spelled out by hand because browsers and Node
  // format kk-KZ differently.
  const [year, month, day] = schoolDateOf(certificate.issuedAt).split('-');
  const date = `${day}.${month}.${year}`;

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
