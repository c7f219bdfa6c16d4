import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatDate, formatDateTime } from '@/components/admin/ui/format';
import { FilterBar, FilterInput, FilterSelect } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { ReasonAction } from '@/components/admin/ui/reason-action';
import { Badge, PageHeader, cellClass } from '@/components/admin/ui/table';
import { companyOptions } from '@/lib/companies/admin';
import { getDb } from '@/lib/db/client';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { viewTakers, type TakerRow } from '@/lib/test-records/list';
import { pageParams, rawParam } from '@/lib/validations/query';
import { KZ_LEVELS, testsQuery } from '@/lib/validations/test-records';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Kazakh test sittings, per company or overall: masked IIN, level, certificate, flags, state.
 * Admins annul a sitting (one retake) or revoke a certificate, each with a reason; sales read.
 */
export default async function TestsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { staff, actor } = await requireStaffPage(locale, 'sales', '/admin/tests');
  const raw = await searchParams;
  const f = pageParams(testsQuery, raw);
  const t = await getTranslations('Admin');
  const db = await getDb();
  const [{ rows, total }, options] = await Promise.all([viewTakers(db, actor, f), companyOptions(db)]);
  const isAdmin = staff.scopes.includes('admin');
  const path = localePath(locale, '/admin/tests');
  const keep = {
    company: f.company === undefined ? undefined : String(f.company),
    level: f.level,
    annulled: f.annulled,
    certificate: f.certificate,
    q: f.q,
    from: f.from ? rawParam(raw, 'from') : undefined,
    to: f.to ? rawParam(raw, 'to') : undefined,
  };
  const levelText = (r: TakerRow) => {
    if (r.status === 'active' && !r.annulledAt) return t('tests.inProgress');
    if (!r.level) return r.determined === false ? t('tests.notDetermined') : t('common.none');
    return r.level === 'A0' ? t('tests.belowA1') : r.level;
  };
  // The filters' choices besides "all": no company, then each company; each level, then none.
  const companyChoices: [string, string][] = [['none', t('tests.noCompany')], ...options.map((c): [string, string] => [String(c.id), c.name])];
  const levelChoices: [string, string][] = [...KZ_LEVELS.map((l): [string, string] => [l, l === 'A0' ? t('tests.belowA1') : l]), ['none', t('tests.levelNone')]];
  return (
    <>
      <PageHeader title={t('tests.title')} lead={t('tests.lead')} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('tests.filters') }}>
        <FilterInput id="f-q" name="q" type="search" label={t('tests.search')} value={f.q} wide />
        <FilterSelect id="f-company" name="company" label={t('tests.company')} value={keep.company} allLabel={t('common.all')} options={companyChoices} />
        <FilterSelect id="f-level" name="level" label={t('tests.level')} value={f.level} allLabel={t('common.all')} options={levelChoices} />
        <FilterSelect id="f-annulled" name="annulled" label={t('tests.annulledFilter')} value={f.annulled} allLabel={t('common.all')} options={[['no', t('tests.annulledNo')], ['yes', t('tests.annulledYes')]]} />
        <FilterSelect
          id="f-certificate"
          name="certificate"
          label={t('tests.certificateFilter')}
          value={f.certificate}
          allLabel={t('common.all')}
          options={[['issued', t('tests.certIssued')], ['revoked', t('tests.certRevoked')], ['none', t('tests.certNone')]]}
        />
        <FilterInput id="f-from" name="from" type="date" label={t('common.from')} value={keep.from} />
        <FilterInput id="f-to" name="to" type="date" label={t('common.to')} value={keep.to} />
      </FilterBar>
      <PagedTable
        caption={t('tests.caption')}
        head={[
          t('tests.name'),
          t('tests.iin'),
          t('tests.position'),
          t('tests.company'),
          t('tests.level'),
          t('tests.date'),
          t('tests.certificate'),
          t('tests.flags'),
          t('tests.state'),
          ...(isAdmin ? [t('common.actions')] : []),
        ]}
        shown={rows.length}
        empty={t('tests.empty')}
        pages={{ path, params: keep, at: f, total }}
        between={!isAdmin && <p className="mt-3 text-sm text-muted">{t('tests.readOnly')}</p>}
      >
        {rows.map((r) => (
          <tr key={r.attemptId} data-testid={`sitting-${r.attemptId}`} className={r.annulledAt ? 'bg-slate-50 text-muted' : undefined}>
            <td className={`${cellClass} font-medium`}>{r.name.trim() || <span className="font-normal italic text-muted">{t('retention.anonymised')}</span>}</td>
            <td className={`${cellClass} whitespace-nowrap font-mono`}>{r.iin}</td>
            <td className={cellClass}>{r.workerCode}</td>
            <td className={cellClass}>
              {r.company ? (
                <Link href={localePath(locale, `/admin/companies/${r.company.id}`)} className="text-brand-dark hover:underline">
                  {r.company.name}
                </Link>
              ) : (
                t('common.none')
              )}
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{levelText(r)}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(locale, r.finishedAt ?? r.startedAt)}</td>
            <td className={`${cellClass} whitespace-nowrap`}>
              {r.certificate ? (
                <a href={localePath(locale, `/certificate/${r.certificate.number}`)} className="font-mono text-brand-dark hover:underline">
                  {r.certificate.number}
                </a>
              ) : (
                t('common.none')
              )}
            </td>
            <td className={cellClass}>
              {r.flags.map((flag) => (
                <Badge key={flag} tone="warn">
                  {t.has(`tests.flag.${flag}` as never) ? t(`tests.flag.${flag}` as never) : flag}
                </Badge>
              ))}
            </td>
            <td className={`${cellClass} min-w-48`} data-testid="sitting-state">
              {r.annulledAt ? (
                <>
                  <Badge tone="bad">{t('tests.stateAnnulled', { date: formatDate(locale, r.annulledAt) })}</Badge>
                  {r.annulReason && <p className="mt-1 text-xs">{t('tests.reasonLine', { reason: r.annulReason })}</p>}
                </>
              ) : r.certificate?.revokedAt ? (
                <>
                  <Badge tone="bad">{t('tests.stateRevoked', { date: formatDate(locale, r.certificate.revokedAt) })}</Badge>
                  {r.certificate.revokeReason && <p className="mt-1 text-xs">{t('tests.reasonLine', { reason: r.certificate.revokeReason })}</p>}
                </>
              ) : (
                <Badge tone="good">{t('tests.stateValid')}</Badge>
              )}
            </td>
            {isAdmin && (
              <td className={cellClass}>
                <div className="flex flex-wrap gap-2">
                  {!r.annulledAt && (
                    <ReasonAction
                      small
                      context={r.name}
                      url={`/api/admin/tests/attempts/${r.attemptId}/annul`}
                      labels={{
                        open: t('tests.annul'),
                        title: t('tests.annulTitle', { name: r.name }),
                        text: t('tests.annulText'),
                        reason: t('tests.reason'),
                        hint: t('tests.reasonHint'),
                        confirm: t('tests.annul'),
                        cancel: t('common.cancel'),
                        done: t('tests.annulDone'),
                      }}
                    />
                  )}
                  {r.certificate && !r.certificate.revokedAt && (
                    <ReasonAction
                      small
                      context={r.certificate.number}
                      url={`/api/admin/certificates/${r.certificate.id}/revoke`}
                      labels={{
                        open: t('tests.revoke'),
                        title: t('tests.revokeTitle', { number: r.certificate.number }),
                        text: t('tests.revokeText'),
                        reason: t('tests.reason'),
                        hint: t('tests.reasonHint'),
                        confirm: t('tests.revoke'),
                        cancel: t('common.cancel'),
                        done: t('tests.revokeDone'),
                      }}
                    />
                  )}
                </div>
              </td>
            )}
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
