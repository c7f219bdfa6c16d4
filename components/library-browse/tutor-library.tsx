'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRequireAuth } from '@/components/auth/require-auth';
import { localePath } from '@/i18n/routing';
import { getAccessToken, tokenHasScope } from '@/lib/browser/api/token';
import { StepView } from '@/components/library/exercise-step';
import { pick, type CheckResult, type Localized, type PublicStep } from '@/components/library/types';
import { useDelayedFlag } from '@/components/ui/use-delayed-flag';
import { useApiGet } from '@/lib/browser/api/use-api-get';

interface CourseRow {
  slug: string;
  subject: 'english' | 'kazakh';
  level: string;
  title: Localized;
  description: Localized;
  units: number;
}
interface UnitRow {
  key: string;
  title: Localized;
}
interface UnitView {
  unit: { key: string; title: Localized; version: number };
  steps: { step: PublicStep; key: CheckResult | null }[];
}

const card = 'rounded-2xl border border-line bg-white p-5';
const linkButton = 'min-h-11 text-left font-medium text-brand-dark underline-offset-2 hover:underline';

/** One unit as students get it, each exercise with its key (read only). */
function UnitPreview({ slug, unitKey, onBack }: { slug: string; unitKey: string; onBack: () => void }) {
  const t = useTranslations('TutorLibrary');
  const locale = useLocale();
  const { data, failed } = useApiGet<UnitView>(`/api/cabinet/library/${slug}/${unitKey}`);
  const slow = useDelayedFlag(!data && !failed);
  return (
    <section aria-labelledby="library-unit" className={card} data-testid="library-unit">
      <button type="button" onClick={onBack} className={linkButton}>
        {t('back')}
      </button>
      {failed && <p role="alert" className="mt-3 text-danger">{t('loadFailed')}</p>}
      {!data ? (
        slow ? <p role="status" className="mt-3 text-muted">{t('loading')}</p> : null
      ) : (
        <>
          <h2 id="library-unit" className="mt-2 text-2xl font-bold">
            {pick(data.unit.title, locale)}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('previewNote')}</p>
          <ol className="mt-5 flex flex-col gap-5">
            {data.steps.map(({ step, key }, i) => (
              <li key={step.id} className="rounded-xl border border-line p-4">
                <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('step', { n: i + 1, total: data.steps.length })}</p>
                <StepView step={step} readOnly showKey verdict={key} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** A course's units, loaded when it is opened. */
function CourseUnits({ slug, onOpen }: { slug: string; onOpen: (key: string) => void }) {
  const t = useTranslations('TutorLibrary');
  const locale = useLocale();
  const { data, failed } = useApiGet<{ units: UnitRow[] }>(`/api/cabinet/library/${slug}`);
  if (failed) return <p role="alert" className="mt-3 text-sm text-danger">{t('loadFailed')}</p>;
  if (!data) return null;
  return (
    <ol className="mt-3 flex flex-col divide-y divide-line">
      {data.units.map((u, i) => (
        <li key={u.key}>
          <button type="button" onClick={() => onOpen(u.key)} className={`${linkButton} w-full py-2`}>
            {i + 1}. {pick(u.title, locale)}
          </button>
        </li>
      ))}
    </ol>
  );
}

/**
 * The tutor's library in the cabinet: the school's published courses by subject, a course's units,
 * and a unit previewed as students get it with each exercise's key beside it.
 */
export function TutorLibrary() {
  const t = useTranslations('TutorLibrary');
  const locale = useLocale();
  const { signedIn } = useRequireAuth();
  // A student (or anyone not a tutor) is sent to self-study instead of a refusal (useRequireAuth
  // re-renders the page whenever the session's token changes).
  const notTutor = signedIn && !tokenHasScope(getAccessToken(), 'tutor');
  const [subject, setSubject] = useState('');
  const { data, failed } = useApiGet<{ courses: CourseRow[] }>(signedIn && !notTutor ? '/api/cabinet/library' : null, { params: { subject } });
  const [open, setOpen] = useState<string | null>(null);
  const [unit, setUnit] = useState<{ slug: string; key: string } | null>(null);
  const slow = useDelayedFlag(!data && !failed);
  if (notTutor)
    return (
      <p className="text-muted" data-testid="library-not-tutor">
        {t('forbidden')}{' '}
        <a href={localePath(locale, '/cabinet/study')} className={linkButton}>
          {t('toStudy')}
        </a>
      </p>
    );
  if (unit) return <UnitPreview slug={unit.slug} unitKey={unit.key} onBack={() => setUnit(null)} />;
  return (
    <div className="flex flex-col gap-5">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        {t('subject')}
        <select value={subject} onChange={(e) => setSubject(e.target.value)} className="min-h-11 rounded-lg border border-line px-3 text-base font-normal" data-testid="library-subject">
          <option value="">{t('allSubjects')}</option>
          <option value="english">{t('subjects.english')}</option>
          <option value="kazakh">{t('subjects.kazakh')}</option>
        </select>
      </label>
      {failed && <p role="alert" className="text-danger">{t('forbidden')}</p>}
      {!data ? (
        slow ? <p role="status" className="text-muted">{t('loading')}</p> : null
      ) : data.courses.length === 0 ? (
        <p className="text-muted">{t('empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4" data-testid="library-courses">
          {data.courses.map((c) => (
            <li key={c.slug} className={card}>
              <h2 className="text-lg font-semibold">{pick(c.title, locale)}</h2>
              <p className="text-sm text-muted">
                {t(`subjects.${c.subject}`)} · {c.level} · {t('units', { count: c.units })}
              </p>
              <p className="mt-2 text-sm">{pick(c.description, locale)}</p>
              <button type="button" aria-expanded={open === c.slug} onClick={() => setOpen(open === c.slug ? null : c.slug)} className={`${linkButton} mt-2`}>
                {open === c.slug ? t('hideUnits') : t('showUnits')}
              </button>
              {open === c.slug && <CourseUnits slug={c.slug} onOpen={(key) => setUnit({ slug: c.slug, key })} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
