'use client';

import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { schoolLongDate } from '@/lib/time/school-clock';
import { api } from '@/lib/browser/api/client';
import { formatKzPhone } from '@/lib/phone';
import { Button } from '@/components/ui/button';
import { useDelayedFlag } from '@/components/ui/use-delayed-flag';
import { useRequireAuth } from './require-auth';
import { localePath } from './return-path';
import type { Resubmitted } from './cabinet-resubmit';

// Only a tutor whose application came back loads the correction form.
const CabinetResubmit = lazy(() => import('./cabinet-resubmit').then((m) => ({ default: m.CabinetResubmit })));

interface Application {
  id?: number;
  status: 'submitted' | 'in_review' | 'approved' | 'rejected' | 'changes_requested';
  round?: number;
  submittedAt?: string;
  reviewDueAt: string;
  rejectReason?: string | null;
  /** The reviewer's reasons (codes: Review.reasons.*) and note, while the application waits for the tutor. */
  reasons?: string[];
  note?: string | null;
  data?: { tutorKind: 'international' | 'local' | null; teachingLanguage: string | null; subject: string | null };
}
interface User {
  role: 'student' | 'tutor';
  name: string;
  lastname: string;
  secondname?: string | null;
  phone: string;
  email: string | null;
  /** An address asked for whose mailed link has not been opened yet. */
  pendingEmail?: string | null;
  application?: Application | null;
  tests?: TestRow[];
}
interface TestRow {
  kind: 'placement' | 'kazakh';
  /** Kazakh: null when too few answers gave no level. */
  levelName: string | null;
  cefr: string | null;
  /** Placement only: the Kazakh test shows no counts. */
  correct: number | null;
  total: number | null;
  finishedAt: string | null;
  certificate: string | null;
}

// Browsers' Kazakh date data is thin ("2026 M11 27"): the long date is spelled out here. Dates are
// the school's (Asia/Almaty), wherever the browser is.
function longDate(iso: string, locale: string): string {
  return schoolLongDate(iso, locale);
}

/** One titled block of the cabinet. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

// The e-mail and password cards (their forms, schemas and validation) load while the profile does,
// not with the page: they are shown only once the profile is there.
const loadEmailCard = () => import('./cabinet-email');
const loadPasswordCard = () => import('./cabinet-password');
const CabinetEmail = lazy(() => loadEmailCard().then((m) => ({ default: m.CabinetEmail })));
const CabinetPassword = lazy(() => loadPasswordCard().then((m) => ({ default: m.CabinetPassword })));

const row = 'grid gap-1 border-b border-line py-3 last:border-b-0 sm:grid-cols-[10rem_1fr] sm:gap-4';

/** The built-in cabinet: the profile from GET /api/auth/user, the tutor application, sign-out. */
/** `tutorTools` (the availability editor) is rendered for a tutor only: a student's page never asks for them. */
export function CabinetView({ tutorTools, studentTools, lessons }: { tutorTools?: ReactNode; studentTools?: ReactNode; lessons?: ReactNode } = {}) {
  const t = useTranslations('Cabinet');
  const tr = useTranslations('Review.reasons');
  const locale = useLocale();
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);
  const { ready, signedIn } = useRequireAuth(signingOut);
  const [user, setUser] = useState<User | null>(null);
  const [failed, setFailed] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [resubmitted, setResubmitted] = useState<string | null>(null);
  const resubmittedRef = useRef<HTMLParagraphElement>(null);
  // The form is gone once sent: keyboard focus goes to what happened.
  useEffect(() => {
    if (resubmitted) resubmittedRef.current?.focus();
  }, [resubmitted]);
  // A fast answer shows no loading text at all (spec: 200 ms).
  const slowAuth = useDelayedFlag(!ready || (signedIn && !signingOut && !user && !failed));

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const { data } = await api.get<{ user: User }>('/api/auth/user');
      setUser(data.user);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    void loadEmailCard();
    void loadPasswordCard();
    const timer = setTimeout(load, 0);
    return () => clearTimeout(timer);
  }, [signedIn, load]);

  async function signOut() {
    setSigningOut(true);
    const { signOut: end } = await import('./session');
    await end();
    router.replace(localePath(locale, '/'));
  }

  if (!ready || !signedIn) {
    return (
      <p role="status" className="text-muted">
        {ready && !signingOut ? t('redirecting') : slowAuth || signingOut ? t('loading') : ''}
      </p>
    );
  }

  const app = user?.application;
  const returned = app?.status === 'rejected' || app?.status === 'changes_requested';

  function onResubmitted(done: Resubmitted) {
    if (!user?.application) return;
    // The corrected names come back with the next profile load; the status and the new due date now.
    setUser({ ...user, application: { ...user.application, ...done, reasons: [], note: null } });
    setCorrecting(false);
    setResubmitted(t('resubmit.done', { date: longDate(done.reviewDueAt, locale) }));
    void load();
  }
  // One column whose items may shrink below their content (minmax(0, 1fr)): a wide table scrolls in
  // its own box instead of widening the page on a 360 px phone (the walk: 634 px).
  return (
    <div className="grid grid-cols-1 gap-8">
      <div role="status" aria-live="polite" className="sr-only">
        {user || !slowAuth ? '' : t('loading')}
      </div>
      {failed && (
        <div role="alert" className="rounded-xl border border-danger/40 p-4">
          <p className="text-danger">{t('loadFailed')}</p>
          <Button variant="ghost" className="mt-3" onClick={load}>
            {t('retry')}
          </Button>
        </div>
      )}
      {user && (
        // The cabinet's sections, lessons first (journey C, D: lessons sat below sign-out).
        <nav aria-label={t('sections.label')} className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
          <a href="#cabinet-lessons" className="text-brand-dark underline-offset-2 hover:underline">
            {t('sections.lessons')}
          </a>
          {user.role === 'tutor' && tutorTools ? (
            <a href="#cabinet-schedule" className="text-brand-dark underline-offset-2 hover:underline">
              {t('sections.schedule')}
            </a>
          ) : null}
          <a href="#cabinet-profile" className="text-brand-dark underline-offset-2 hover:underline">
            {t('sections.profile')}
          </a>
          <a href="#cabinet-password-card" className="text-brand-dark underline-offset-2 hover:underline">
            {t('sections.security')}
          </a>
        </nav>
      )}
      {user && lessons}
      {user?.role === 'student' && studentTools}
      {user?.role === 'tutor' && tutorTools ? <div id="cabinet-schedule">{tutorTools}</div> : null}
      {user && (
        <Card id="cabinet-profile" title={t('profile')}>
          <dl className="mt-3">
            <div className={row}>
              <dt className="text-sm text-muted">{t('name')}</dt>
              <dd className="font-medium" data-testid="cabinet-name">
                {[user.name, user.secondname, user.lastname].filter(Boolean).join(' ')}
              </dd>
            </div>
            <div className={row}>
              <dt className="text-sm text-muted">{t('phone')}</dt>
              <dd data-testid="cabinet-phone">{formatKzPhone(user.phone)}</dd>
            </div>
            <div className={row}>
              <dt className="text-sm text-muted">{t('email')}</dt>
              <dd data-testid="cabinet-email" className="break-all">
                {user.email ?? <span className="text-muted">{t('emailNone')}</span>}
              </dd>
            </div>
            <div className={row}>
              <dt className="text-sm text-muted">{t('role')}</dt>
              <dd>{t(`role_${user.role}`)}</dd>
            </div>
          </dl>
        </Card>
      )}
      {user && app && (
        <Card id="cabinet-application" title={t('application')}>
          <dl className="mt-3">
            <div className={row}>
              <dt className="text-sm text-muted">{t('status')}</dt>
              <dd className="font-medium" data-testid="cabinet-application-status">
                {t(`status_${app.status}`)}
              </dd>
            </div>
            {(app.status === 'submitted' || app.status === 'in_review') && (
              <div className={row}>
                <dt className="text-sm text-muted">{t('reviewDue')}</dt>
                <dd data-testid="cabinet-review-due">
                  <time dateTime={app.reviewDueAt}>{longDate(app.reviewDueAt, locale)}</time>
                </dd>
              </div>
            )}
            {returned && app.reasons && app.reasons.length > 0 && (
              <div className={row}>
                <dt className="text-sm text-muted">{t('reviewReasons')}</dt>
                <dd>
                  <ul className="list-disc pl-5" data-testid="cabinet-application-reasons">
                    {app.reasons.map((r) => (
                      <li key={r}>{tr.has(r as never) ? tr(r as never) : r}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
            {returned && app.note && (
              <div className={row}>
                <dt className="text-sm text-muted">{t('reviewerNote')}</dt>
                <dd className="whitespace-pre-line break-words" data-testid="cabinet-application-note">
                  {app.note}
                </dd>
              </div>
            )}
            {app.status === 'rejected' && app.rejectReason && !app.reasons?.length && (
              <div className={row}>
                <dt className="text-sm text-muted">{t('rejectReason')}</dt>
                <dd>{app.rejectReason}</dd>
              </div>
            )}
          </dl>
          <div role="status" aria-live="polite">
            {resubmitted && (
              <p ref={resubmittedRef} tabIndex={-1} className="mt-3 rounded-xl bg-brand-tint px-4 py-3 font-medium text-ink focus:outline-none" data-testid="cabinet-resubmitted">
                {resubmitted}
              </p>
            )}
          </div>
          {returned ? (
            <>
              <p className="mt-3 text-sm text-muted">{t('fixHint')}</p>
              {correcting && app.id ? (
                <Suspense>
                <CabinetResubmit
                  applicationId={app.id}
                  initial={{
                    name: user.name,
                    lastname: user.lastname,
                    secondname: user.secondname ?? '',
                    tutorKind: app.data?.tutorKind ?? undefined,
                    teachingLanguage: (app.data?.teachingLanguage ?? undefined) as never,
                    subject: (app.data?.subject ?? undefined) as never,
                  }}
                  onCancel={() => setCorrecting(false)}
                  onDone={onResubmitted}
                />
                </Suspense>
              ) : (
                app.id && (
                  <Button variant="secondary" className="mt-3" onClick={() => setCorrecting(true)}>
                    {t('resubmit.open')}
                  </Button>
                )
              )}
            </>
          ) : (
            app.status !== 'approved' && <p className="mt-3 text-sm text-muted">{t('reviewNote')}</p>
          )}
          {app.status === 'approved' && (
            <p className="mt-3">
              <a className="font-medium text-brand-dark underline-offset-2 hover:underline" href={localePath(locale, '/cabinet/profile')} data-testid="cabinet-public-profile">
                {t('publicProfile.open')}
              </a>
            </p>
          )}
        </Card>
      )}
      {user && (user.role !== 'tutor' || !!user.tests?.length) && (
        <Card id="cabinet-tests" title={t('tests.title')}>
          {user.tests?.length ? (
            <ul className="mt-3" data-testid="cabinet-tests">
              {user.tests.map((test, i) => (
                <li key={i} className={row}>
                  <span className="text-sm text-muted">
                    {test.finishedAt && <time dateTime={test.finishedAt}>{longDate(test.finishedAt, locale)}</time>}
                  </span>
                  <span>
                    <span className="font-medium">{t(`tests.${test.kind}`)}: </span>
                    {test.kind === 'placement' ? `${test.levelName} (${test.cefr})` : test.cefr ? `${test.cefr === 'A0' ? '—' : test.cefr} — ${test.levelName}` : t('tests.undetermined')}
                    {test.correct !== null && test.total !== null && (
                      <span className="text-muted"> · {t('tests.score', { correct: test.correct, total: test.total })}</span>
                    )}
                    {test.certificate && (
                      <>
                        {' · '}
                        <a className="font-medium text-brand-dark underline-offset-2 hover:underline" href={localePath(locale, `/certificate/${test.certificate}`)}>
                          {t('tests.certificate', { number: test.certificate })}
                        </a>
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-muted">
              {t('tests.empty')}{' '}
              <a className="font-medium text-brand-dark underline-offset-2 hover:underline" href={localePath(locale, '/stud-test')}>
                {t('tests.take')}
              </a>
            </p>
          )}
        </Card>
      )}
      {user && (
        <Card id="cabinet-email-card" title={t('emailCard.title')}>
          <Suspense>
            <CabinetEmail email={user.email} pending={user.pendingEmail ?? null} onPending={(pendingEmail) => setUser({ ...user, pendingEmail })} />
          </Suspense>
        </Card>
      )}
      {user && (
        <Card id="cabinet-password-card" title={t('passwordCard.title')}>
          <Suspense>
            <CabinetPassword username={user.email ?? user.phone} />
          </Suspense>
        </Card>
      )}
      <div>
        <Button variant="secondary" className="disabled:opacity-70" onClick={signOut} busy={signingOut}>
          {signingOut ? t('signingOut') : t('signOut')}
        </Button>
      </div>
    </div>
  );
}
