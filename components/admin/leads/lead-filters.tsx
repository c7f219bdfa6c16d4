import { useTranslations } from 'next-intl';
import { adminInputClass, FilterBar, FilterField } from '@/components/admin/ui/form';
import { LEAD_LIST_KINDS_UI, PIPELINE } from '@/lib/validations/lead-pipeline';

/** The pages a lead can come from (the filter offers them; a stored other value stays selectable). */
const PAGES = ['/', '/student', '/teacher', '/stud-faq', '/teach-faq', '/stud-tariff-plans', '/teach-tariff-plans', '/stud-quiz', '/stud-simple-reg'];

/** The leads list's filters: a GET form, so the URL is the list's state (bookmark, share, back button). */
export function LeadFilters({
  action,
  values,
  people,
  canFilterByMe,
}: {
  action: string;
  values: Record<string, string>;
  people: { id: number; name: string }[];
  canFilterByMe: boolean;
}) {
  const t = useTranslations('Admin.leads');
  const tc = useTranslations('Admin.common');
  const f = (k: string) => `leads-filter-${k}`;
  const more = ['locale', 'page_path', 'touch', 'utm_source', 'utm_medium', 'utm_campaign'].some((k) => values[k]);
  const pages = values.page_path && !PAGES.includes(values.page_path) ? [...PAGES, values.page_path] : PAGES;
  const text = (k: 'utm_source' | 'utm_medium' | 'utm_campaign') => (
    <FilterField id={f(k)} label={t(`filters.${k}`)}>
      <input id={f(k)} name={k} defaultValue={values[k] ?? ''} maxLength={100} className={adminInputClass} />
    </FilterField>
  );
  return (
    <FilterBar action={action} labels={{ apply: tc('apply'), reset: tc('reset'), title: t('filters.title') }}>
      <FilterField id={f('q')} label={t('filters.q')} wide>
        <input id={f('q')} name="q" type="search" defaultValue={values.q ?? ''} maxLength={80} placeholder={t('filters.qPlaceholder')} className={adminInputClass} />
      </FilterField>
      <FilterField id={f('kind')} label={t('filters.kind')}>
        <select id={f('kind')} name="kind" defaultValue={values.kind ?? ''} className={adminInputClass}>
          <option value="">{tc('all')}</option>
          {LEAD_LIST_KINDS_UI.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id={f('status')} label={t('filters.status')}>
        <select id={f('status')} name="status" defaultValue={values.status ?? ''} className={adminInputClass}>
          <option value="">{tc('all')}</option>
          {PIPELINE.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id={f('assignee')} label={t('filters.assignee')}>
        <select id={f('assignee')} name="assignee" defaultValue={values.assignee ?? ''} className={adminInputClass}>
          <option value="">{tc('all')}</option>
          {canFilterByMe && <option value="me">{t('filters.assigneeMe')}</option>}
          <option value="none">{t('filters.assigneeNone')}</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id={f('from')} label={t('filters.from')}>
        <input id={f('from')} name="from" type="date" defaultValue={values.from ?? ''} className={adminInputClass} />
      </FilterField>
      <FilterField id={f('to')} label={t('filters.to')}>
        <input id={f('to')} name="to" type="date" defaultValue={values.to ?? ''} className={adminInputClass} />
      </FilterField>
      <details open={more} className="w-full">
        <summary className="cursor-pointer text-sm font-medium text-brand-dark">{t('filters.more')}</summary>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <FilterField id={f('locale')} label={t('filters.locale')}>
            <select id={f('locale')} name="locale" defaultValue={values.locale ?? ''} className={adminInputClass}>
              <option value="">{tc('all')}</option>
              {(['ru', 'kk', 'en'] as const).map((l) => (
                <option key={l} value={l}>
                  {t(`locales.${l}`)}
                </option>
              ))}
            </select>
          </FilterField>
          <FilterField id={f('page_path')} label={t('filters.page_path')}>
            <select id={f('page_path')} name="page_path" defaultValue={values.page_path ?? ''} className={adminInputClass}>
              <option value="">{tc('all')}</option>
              {pages.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </FilterField>
          <FilterField id={f('touch')} label={t('filters.touch')}>
            <select id={f('touch')} name="touch" defaultValue={values.touch ?? 'last'} className={adminInputClass}>
              <option value="last">{t('filters.touchLast')}</option>
              <option value="first">{t('filters.touchFirst')}</option>
            </select>
          </FilterField>
          {text('utm_source')}
          {text('utm_medium')}
          {text('utm_campaign')}
        </div>
      </details>
    </FilterBar>
  );
}
