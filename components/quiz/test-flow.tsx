'use client';

import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { landingPrimaryClass as buttonPrimary, landingSecondaryClass as buttonSecondary } from '@/components/ui/button-classes-landing';
import { useDelayedFlag } from '@/components/ui/use-delayed-flag';
import { errorStatus, fetchAttempt, readToken, startTest, storageKey, writeToken, type AttemptView, type TestKind } from './api';
import { TestStartContext } from './start-context';
import type { TestText } from './text';

// The questions and the result come when they are needed (a test started or resumed, a test
// finished), not with the start screen: a visitor who only reads about the test never loads them.
const TestRunner = lazy(() => import('./test-runner').then((m) => ({ default: m.TestRunner })));
const TestResult = lazy(() => import('./test-result').then((m) => ({ default: m.TestResult })));

/** While a part loads: its loading text, only after 200 ms (no flash for a fast answer). */
function Pending({ label }: { label: string }) {
  const shown = useDelayedFlag(true);
  return shown ? (
    <p role="status" className="text-muted">
      {label}
    </p>
  ) : null;
}

type Phase =
  | { name: 'checking' }
  | { name: 'intro'; notice?: string }
  | { name: 'running'; token: string; test: AttemptView }
  | { name: 'result'; token: string; test: AttemptView }
  | { name: 'error'; message: string; token: string };

export interface TestFlowProps {
  kind: TestKind;
  /** Company slug from the path, or null. */
  company: string | null;
  text: TestText;
  /** The start screen, rendered on the server. */
  intro: ReactNode;
  startLabel: string;
  /** A start form in place of the start button (the Kazakh test's entry form); it reads TestStartContext. */
  entry?: ReactNode;
  /** The page path (without locale) that a trial-lesson lead comes from. */
  page: string;
  /** '' for Russian, '/kk' or '/en'. */
  localePrefix: string;
  /**
   * A personal invitation's token: the attempt lives on the server under it (any device resumes it),
   * so nothing goes into localStorage; until it is started the entry form shows.
   */
  token?: string;
}

/**
 * Start screen → items → result. The attempt token is kept in localStorage, so a reload (or the
 * language switch) resumes the same test at the same question; everything else lives on the server.
 */
export function TestFlow({ kind, company, text, intro, startLabel, entry, page, localePrefix, token: fixedToken }: TestFlowProps) {
  const key = storageKey(kind, company);
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });
  const [starting, setStarting] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  // The stored test is looked up, or a new one drawn: shown as loading only after 200 ms (spec).
  const checking = phase.name === 'checking';
  const slowCheck = useDelayedFlag(checking);
  const slowStart = useDelayedFlag(starting);

  const show = useCallback((token: string, test: AttemptView) => {
    setPhase(test.status === 'finished' ? { name: 'result', token, test } : { name: 'running', token, test });
  }, []);

  const resume = useCallback(
    async (token: string) => {
      try {
        show(token, await fetchAttempt(token));
      } catch (error) {
        const { status } = errorStatus(error);
        // Only while still checking: a start clicked on the server-rendered screen meanwhile (its test
        // already running) must not be sent back to the start by this older answer.
        const unlessMovedOn = (next: Phase) => setPhase((p) => (p.name === 'checking' ? next : p));
        if (status === 404) {
          if (fixedToken) return unlessMovedOn({ name: 'intro' }); // the invitation's test is not started yet
          writeToken(key, null);
          unlessMovedOn({ name: 'intro', notice: text.runner.notFound });
        } else {
          unlessMovedOn({ name: 'error', message: text.runner.loadFailed, token });
        }
      }
    },
    [key, show, text.runner.loadFailed, text.runner.notFound, fixedToken],
  );

  useEffect(() => {
    const token = fixedToken ?? readToken(key);
    // Deferred to a microtask: the first paint is the server-rendered start screen either way.
    queueMicrotask(() => {
      if (token) void resume(token);
      else setPhase({ name: 'intro' });
    });
  }, [key, resume, fixedToken]);

  // A new screen starts at its top, for sighted and screen-reader users alike.
  const phaseName = phase.name;
  useEffect(() => {
    if (phaseName === 'running' || phaseName === 'result') top.current?.scrollIntoView({ block: 'start' });
  }, [phaseName]);

  const begin = (token: string, test: AttemptView) => {
    if (!fixedToken) writeToken(key, token);
    show(token, test);
  };

  const startPlacement = async () => {
    if (starting || checking) return;
    setStarting(true);
    try {
      const { token, test } = await startTest('placement', company ? { company } : {});
      begin(token, test);
    } catch (error) {
      const { message } = errorStatus(error);
      setPhase({ name: 'intro', notice: message ?? text.runner.loadFailed });
    } finally {
      setStarting(false);
    }
  };

  const restart = () => {
    writeToken(key, null);
    setPhase({ name: 'intro' });
  };

  return (
    <div ref={top} className="scroll-mt-20">
      {(phase.name === 'checking' || phase.name === 'intro') && (
        <div className="grid gap-8">
          {intro}
          {phase.name === 'intro' && phase.notice && (
            <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-danger">
              {phase.notice}
            </p>
          )}
          {entry ? (
            <TestStartContext.Provider value={{ busy: slowCheck, onStarted: begin }}>{entry}</TestStartContext.Provider>
          ) : (
            <div>
              <button
                type="button"
                className={`${buttonPrimary} w-full sm:w-auto disabled:opacity-70`}
                onClick={startPlacement}
                disabled={slowStart || slowCheck}
                aria-busy={slowStart || slowCheck}
                data-testid="test-start"
              >
                {slowStart ? text.runner.loading : startLabel}
              </button>
            </div>
          )}
        </div>
      )}

      {phase.name === 'error' && (
        <div role="alert" className="rounded-2xl border border-line bg-white p-6">
          <p>{phase.message}</p>
          <button type="button" className={`${buttonSecondary} mt-4`} onClick={() => void resume(phase.token)}>
            {text.runner.retry}
          </button>
        </div>
      )}

      <Suspense fallback={<Pending label={text.runner.loading} />}>
        {phase.name === 'running' && (
          <TestRunner key={phase.token} token={phase.token} test={phase.test} text={text} onFinished={(test) => setPhase({ name: 'result', token: phase.token, test })} />
        )}

        {phase.name === 'result' && <TestResult token={phase.token} test={phase.test} text={text} page={page} localePrefix={localePrefix} onRestart={kind === 'placement' ? restart : undefined} />}
      </Suspense>
    </div>
  );
}
