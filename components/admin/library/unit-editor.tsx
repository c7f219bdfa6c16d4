'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { parseUnit, type Step, type Unit } from '@/lib/library/format';
import { newStepId, settleStepIds } from '@/lib/library/step-id';
import { STEP_KINDS, type StepKind } from '@/lib/validations/library-rules';
import { adminButtonClass, adminInputClass } from '@/components/admin/ui/form';
import { GroupProblem, LineField, LocalizedField, problemAt, smallButton, type Localized, type Problems } from './editor-parts';
import { StepFields, newStep, tidyStep, type DraftStep } from './step-fields';
import { UnitPreview, type ExerciseMessages } from './unit-preview';

/** A server's field path (`unit.steps.2.answer`) as the editor writes it (`steps[2].answer`). */
const editorPath = (serverPath: string) => serverPath.replace(/^unit\./, '').replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/**
 * The unit editor: the unit's title and its steps as a form per kind (add, remove, reorder), checked
 * with the course file's own schema (lib/library/format.ts) before saving, each problem next to its
 * field in the reader's language. Step ids are the editor's: a new step gets one, and a step whose
 * kind, key or shape changed gets a new one on saving (lib/library/step-id.ts). A saved published
 * unit becomes a new draft version; students keep the published one until the review publishes it.
 */
export function UnitEditor({ courseId, unitId, initial, published, exerciseMessages }: { courseId: number; unitId: number | null; initial: Unit | null; published: boolean; exerciseMessages: ExerciseMessages }) {
  const t = useTranslations('Admin.library.editor');
  const tl = useTranslations('Admin.library');
  const locale = useLocale();
  const router = useRouter();
  const original = useMemo(() => new Map((initial?.steps ?? []).map((s) => [s.id, s])), [initial]);
  const [key, setKey] = useState(initial?.id ?? '');
  const [title, setTitle] = useState<Localized>(initial?.title ?? { ru: '', kk: '', en: '' });
  const [steps, setSteps] = useState<DraftStep[]>(initial?.steps ?? []);
  const [kind, setKind] = useState<StepKind>('choice');
  // After a first save that found problems, the schema checks again at every change, so a fixed field's message goes.
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const live = useMemo(() => {
    if (!tried) return {};
    const checked = parseUnit({ id: key.trim(), title, steps: steps.map(tidyStep) });
    return checked.ok ? {} : checked.problems;
  }, [tried, key, title, steps]);
  const problems: Problems = { ...serverProblems, ...live };
  const changeSteps = (fn: (all: DraftStep[]) => DraftStep[]) => {
    setServerProblems({});
    setSteps(fn);
  };
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const setStep = (i: number, step: DraftStep) => changeSteps((all) => all.map((s, j) => (j === i ? step : s)));
  const move = (i: number, to: number) =>
    changeSteps((all) => {
      const next = [...all];
      const [s] = next.splice(i, 1);
      next.splice(to, 0, s!);
      return next;
    });
  const changeKind = (i: number, k: StepKind) => setStep(i, newStep(k, newStepId(k)));

  async function save() {
    setStatus(null);
    const draft = { id: key.trim(), title, steps: settleStepIds(steps.map(tidyStep), original) };
    const checked = parseUnit(draft);
    if (!checked.ok) {
      setTried(true);
      setStatus({ ok: false, text: t('hasMistakes', { count: Object.keys(checked.problems).length }) });
      return;
    }
    setServerProblems({});
    setSteps(draft.steps);
    setBusy(true);
    try {
      if (unitId) {
        const res = await fetchJson<{ outcome: string; version: number }>(`/api/admin/library/units/${unitId}`, { method: 'PUT', body: { unit: checked.unit }, locale });
        setStatus({ ok: true, text: res.outcome === 'same' ? t('unchanged') : res.outcome === 'new_version' ? t('newVersion', { version: res.version }) : t('saved', { version: res.version }) });
        router.refresh();
      } else {
        const res = await fetchJson<{ unit: { id: number } }>(`/api/admin/library/courses/${courseId}/units`, { body: { unit: checked.unit }, locale });
        router.push(`/admin/library/units/${res.unit.id}`);
      }
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) setServerProblems(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [editorPath(k), v])));
      setStatus({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        data-testid="unit-editor"
      >
        <div className="space-y-3 rounded-xl border border-line bg-white p-4">
          <LineField
            path="id"
            label={t('unitId')}
            readOnly={!!unitId}
            value={key}
            onChange={(v) => {
              setServerProblems({});
              setKey(v);
            }} problems={problems} hint={unitId ? t('unitIdFixed') : t('unitIdHint')} />
          <LocalizedField
            path="title"
            label={t('unitTitle')}
            value={title}
            onChange={(v) => {
              setServerProblems({});
              setTitle(v);
            }} problems={problems} />
          {published && <p className="text-sm text-muted">{t('publishedNote')}</p>}
        </div>
        <ol className="space-y-4">
          {steps.map((step, i) => (
            <li key={`${i}-${step.id}`} className="space-y-3 rounded-xl border border-line bg-white p-4" data-testid={`step-${i}`} aria-label={t('stepN', { n: i + 1 })}>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{t('stepN', { n: i + 1 })}</h3>
                <label className="sr-only" htmlFor={`kind-${i}`}>
                  {t('kind')}
                </label>
                <select id={`kind-${i}`} className={`${adminInputClass} !w-auto`} value={step.kind} onChange={(e) => changeKind(i, e.target.value as StepKind)}>
                  {STEP_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`kinds.${k}`)}
                    </option>
                  ))}
                </select>
                <code className="text-xs text-muted" title={t('stepIdHint')}>
                  {step.id}
                </code>
                <span className="flex-1" />
                <button type="button" className={smallButton} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('moveUp', { n: i + 1 })}>
                  ↑
                </button>
                <button type="button" className={smallButton} disabled={i === steps.length - 1} onClick={() => move(i, i + 1)} aria-label={t('moveDown', { n: i + 1 })}>
                  ↓
                </button>
                <button type="button" className={smallButton} onClick={() => setStep(i, { ...step, id: newStepId(step.kind) } as Step)} title={t('newIdHint')}>
                  {t('newId')}
                </button>
                <button type="button" className={smallButton} onClick={() => changeSteps((all) => all.filter((_, j) => j !== i))}>
                  {t('removeStep')}
                </button>
              </div>
              <GroupProblem problem={problemAt(problems, `steps[${i}].id`)} />
              <StepFields step={step} path={`steps[${i}]`} problems={problems} onChange={(s) => setStep(i, s)} />
            </li>
          ))}
        </ol>
        <GroupProblem problem={problemAt(problems, 'steps')} />
        <div className="flex flex-wrap items-end gap-2 rounded-xl border border-dashed border-line bg-white p-4">
          <div>
            <label htmlFor="new-step-kind" className="mb-1 block text-sm font-medium">
              {t('newStepKind')}
            </label>
            <select id="new-step-kind" className={adminInputClass} value={kind} onChange={(e) => setKind(e.target.value as StepKind)}>
              {STEP_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={smallButton} disabled={steps.length >= 80} onClick={() => changeSteps((all) => [...all, newStep(kind, newStepId(kind))])}>
            {t('addStep')}
          </button>
        </div>
        <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-line bg-slate-50 py-3">
          <button type="submit" className={adminButtonClass} disabled={busy} aria-busy={busy}>
            {unitId ? t('save') : t('create')}
          </button>
          <p role="status" className={`text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`} data-testid="unit-status">
            {status?.text}
          </p>
        </div>
      </form>
      <section aria-labelledby="preview-title" className="xl:sticky xl:top-4 xl:self-start">
        <h2 id="preview-title" className="mb-2 text-lg font-semibold">
          {tl('preview.title')}
        </h2>
        <UnitPreview title={title} steps={steps.map(tidyStep)} messages={exerciseMessages} />
      </section>
    </div>
  );
}
