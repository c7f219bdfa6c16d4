import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { FilterInput, FilterSelect } from '@/components/company/filters';
import { HeadCells, Pager } from '@/components/company/list-parts';
import { EmployeeActions } from '@/components/company/employee-actions';
import { EmployeeForm } from '@/components/company/employee-form';
import { INVITE_FORM_ID, InvitePanel, RosterOnlyToggle, SelectAllEmployees } from '@/components/company/invite-panel';
import { buttonClass, secondaryButtonClass } from '@/components/company/ui';
import { getDb } from '@/lib/db/client';
import { maskIin, maskPhone } from '@/lib/mask';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { companySettings, INVITATION_STATUSES } from '@/lib/company-portal/invitations';
import { viewEmployees } from '@/lib/company-portal/roster';
import { employeesQuery } from '@/lib/validations/company-roster';
import stack from '@/components/ui/stack-table.module.css';
import { intlLocale, SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The company's roster: search, pages of 50, IINs masked; add, edit and remove one person; import a file. */
export default async function EmployeesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member, actor } = await requireCompanyPage(locale, '/company/employees');
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = employeesQuery.safeParse(raw);
  const f = parsed.success ? parsed.data : { page: 1, pageSize: 50, q: undefined, status: undefined };
  const db = await getDb();
  const data = await viewEmployees(db, actor, member.companyId, { ...f, pageSize: 50 });
  const settings = await companySettings(db, member.companyId);
  const ts = await getTranslations('Company.invite');
  const format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: SCHOOL_FIXED_ZONE });
  const t = await getTranslations('Company.employees');
  const tc = await getTranslations('Company.roster.column');
  const col = { name: t('name'), iin: tc('iin'), position: tc('positionCode'), department: tc('department'), contacts: t('contacts'), status: ts('statusColumn'), actions: t('actions') };
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const pageHref = (p: number) => `/company/employees?${new URLSearchParams({ ...(f.q ? { q: f.q } : {}), ...(f.status ? { status: f.status } : {}), page: String(p) })}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <Link href="/company/employees/import" className={buttonClass}>
          {t('importLink')}
        </Link>
      </div>
      <form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <FilterInput id="emp-q" name="q" label={t('search')} value={f.q} className="min-w-0 flex-1 sm:max-w-sm" />
        <FilterSelect id="emp-status" name="status" label={ts('statusFilter')} value={f.status} all={ts('statusAll')} options={INVITATION_STATUSES.map((s) => [s, ts(`status.${s}`)] as const)} />
        <button type="submit" className={secondaryButtonClass}>
          {t('find')}
        </button>
      </form>
      <RosterOnlyToggle initial={settings.rosterOnly} />
      <InvitePanel />
      <p className="text-sm text-muted" aria-live="polite">
        {t('count', { count: data.total })}
      </p>
      {data.rows.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-muted">{f.q || f.status ? t('noMatch') : t('empty')}</p>
      ) : (
        <>
          {/* On a phone the header row is hidden (each row is a card): select-all stands above the list. */}
          <label className="flex items-center gap-2 text-sm sm:hidden">
            <SelectAllEmployees label={ts('selectAll')} testId="select-all-employees-phone" />
            {ts('selectAll')}
          </label>
          <div className="overflow-x-auto rounded-xl border border-line bg-white" role="region" aria-label={t('title')} tabIndex={0}>
            <table role="table" className={`w-full min-w-[52rem] border-collapse text-left text-sm ${stack.stack}`}>
              <caption className="sr-only">{t('title')}</caption>
              <thead role="rowgroup" className="bg-slate-50 text-xs tracking-wide text-muted uppercase">
                <tr role="row">
                  <th role="columnheader" scope="col" className="px-3 py-2.5 font-medium">
                    <SelectAllEmployees label={ts('selectAll')} />
                  </th>
                  <HeadCells labels={[col.name, col.iin, col.position, col.department, col.contacts, col.status, col.actions]} />
                </tr>
              </thead>
              <tbody role="rowgroup" className="divide-y divide-line">
                {data.rows.map((e) => (
                  <tr key={e.id} role="row" data-testid="employee-row">
                    <td role="cell" className="px-3 py-2.5 align-top">
                      <input type="checkbox" name="employee" value={e.id} form={INVITE_FORM_ID} aria-label={ts('selectLabel', { name: `${e.lastName} ${e.firstName}` })} />
                    </td>
                    <th role="rowheader" scope="row" data-label={col.name} className="px-3 py-2.5 text-left align-top font-medium">
                      {e.lastName} {e.firstName}
                    </th>
                    <td role="cell" data-label={col.iin} className="px-3 py-2.5 align-top whitespace-nowrap tabular-nums">{maskIin(e.iinLast4)}</td>
                    <td role="cell" data-label={col.position} className="px-3 py-2.5 align-top">{e.positionCode}</td>
                    <td role="cell" data-label={col.department} className="px-3 py-2.5 align-top">{e.department ?? '—'}</td>
                    <td role="cell" data-label={col.contacts} className="px-3 py-2.5 align-top">
                      {e.phone ? <span className="block whitespace-nowrap">{maskPhone(e.phone)}</span> : null}
                      {e.email ? <span className="block break-all">{e.email}</span> : null}
                      {!e.phone && !e.email ? '—' : null}
                    </td>
                    <td role="cell" data-label={col.status} className="px-3 py-2.5 align-top" data-testid="employee-status" data-status={e.status}>
                      <span className="block font-medium">{ts(`status.${e.status}`)}</span>
                      {e.status === 'finished' && <span className="block">{ts('level', { level: e.level === 'A0' ? ts('belowA1') : (e.level ?? '—') })}</span>}
                      {(e.status === 'invited' || e.status === 'expired') && e.deadline && <span className="block text-xs text-muted">{ts('until', { date: format.format(e.deadline) })}</span>}
                    </td>
                    <td role="cell" data-label={col.actions} className="px-3 py-2.5 align-top">
                      <EmployeeActions employee={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager label={t('pages')} page={f.page} pages={pages} href={pageHref} prev={t('prev')} next={t('next')} pageOf={(page, n) => t('pageOf', { page, pages: n })} />
      <section aria-labelledby="add-title" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="add-title" className="mb-4 text-lg font-semibold">
          {t('addTitle')}
        </h2>
        <EmployeeForm />
      </section>
    </div>
  );
}
