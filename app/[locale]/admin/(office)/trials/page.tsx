import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatDateTime } from '@/components/admin/ui/format';
import { FilterBar, FilterInput } from '@/components/admin/ui/form';
import { Badge, DataTable, EmptyState, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { attendanceCorrections } from '@/lib/lessons/attendance';
import { companiesForLessons, lessonCompanyLink, lessonDeliveries, lessonKindOf, trialFigures, viewRecentTrials } from '@/lib/marketplace/admin';
import { LessonCompanyForm } from '@/components/admin/trials/lesson-company-form';
import { hasScope } from '@/lib/validations/staff-scopes';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { trialsPeriod, trialsQuery } from '@/lib/validations/booking';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Trial lessons: figures per tutor over a period, the latest trials and a lesson's message delivery (admin, reviewer). */
export default async function TrialsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor, staff } = await requireStaffPage(locale, ['reviewer', 'sales'], '/admin/trials');
  const canLink = hasScope(staff.scopes, 'sales');
  const sp = await searchParams;
  const parsed = trialsQuery.safeParse({ from: one(sp.from) || undefined, to: one(sp.to) || undefined });
  const q = parsed.success ? parsed.data : {};
  const { from, to } = trialsPeriod(q);
  const lessonId = /^\d{1,9}$/.test(one(sp.lesson) ?? '') ? Number(one(sp.lesson)) : null;
  const db = await getDb();
  const [figures, recent, deliveries, corrections, companyLink, companyList, lessonKind] = await Promise.all([
    trialFigures(db, from, to),
    viewRecentTrials(db, actor),
    lessonId ? lessonDeliveries(db, lessonId) : Promise.resolve(null),
    lessonId ? attendanceCorrections(db, lessonId) : Promise.resolve([]),
    lessonId ? lessonCompanyLink(db, lessonId) : Promise.resolve(null),
    lessonId && canLink ? companiesForLessons(db) : Promise.resolve([]),
    lessonId ? lessonKindOf(db, lessonId) : Promise.resolve(null),
  ]);
  const t = await getTranslations('Admin.trials');
  const tc = await getTranslations('Admin.common');
  const path = localePath(locale, '/admin/trials');
  const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <FilterBar action={path} labels={{ apply: tc('apply'), reset: tc('reset'), title: t('period') }}>
        <FilterInput id="f-from" name="from" type="date" label={t('from')} value={q.from} />
        <FilterInput id="f-to" name="to" type="date" label={t('to')} value={q.to} />
      </FilterBar>
      <DataTable
        caption={t('caption')}
        head={[t('tutor'), t('booked'), t('held'), t('notHeld'), t('noShows'), t('corrected'), t('cancelled'), t('lateTutorCancels'), t('rating'), t('conversion')]}
        empty={figures.length === 0 ? <EmptyState>{t('empty')}</EmptyState> : undefined}
      >
        {figures.map((r) => (
          <tr key={r.tutorId}>
            <td className={cellClass}>{`${r.name} ${r.lastname}`}</td>
            <td className={`${cellClass} tabular-nums`}>{r.booked}</td>
            <td className={`${cellClass} tabular-nums`}>{r.held}</td>
            <td className={`${cellClass} tabular-nums`}>{r.notHeld}</td>
            <td className={`${cellClass} tabular-nums`}>{t('noShowSplit', { student: r.studentNoShow, tutor: r.tutorNoShow })}</td>
            <td className={`${cellClass} tabular-nums`}>{r.corrected > 0 ? <Badge tone="warn">{r.corrected}</Badge> : 0}</td>
            <td className={`${cellClass} tabular-nums`}>{r.cancelled}</td>
            <td className={`${cellClass} tabular-nums`}>{r.lateTutorCancels > 0 ? <Badge tone="warn">{r.lateTutorCancels}</Badge> : 0}</td>
            <td className={`${cellClass} tabular-nums`}>{r.rating ?? '—'}</td>
            <td className={`${cellClass} tabular-nums`}>{pct(r.conversion)}</td>
          </tr>
        ))}
      </DataTable>
      <p className="mt-2 text-sm text-muted">{t('conversionNote')}</p>
      <h2 className="mt-8 mb-3 text-lg font-semibold">{t('recent')}</h2>
      <DataTable caption={t('recentCaption')} head={[t('lesson'), t('start'), t('student'), t('tutor'), t('status')]} empty={recent.length === 0 ? <EmptyState>{t('empty')}</EmptyState> : undefined}>
        {recent.map((r) => (
          <tr key={r.id}>
            <td className={cellClass}>
              <Link href={`${path}?lesson=${r.id}#deliveries`} className="font-medium text-brand-dark hover:underline">
                #{r.id}
              </Link>
            </td>
            <td className={cellClass}>{formatDateTime(locale, r.startsAt)}</td>
            <td className={cellClass}>
              {r.studentId ? (
                <Link href={localePath(locale, `/admin/accounts/${r.studentId}`)} className="text-brand-dark hover:underline">
                  {[r.studentName, r.studentLastname].filter(Boolean).join(' ')}
                </Link>
              ) : (
                '—'
              )}
              {r.studentPhone ? <span className="block text-xs whitespace-nowrap text-muted">{r.studentPhone}</span> : null}
            </td>
            <td className={cellClass}>{`${r.tutorName} ${r.tutorLastname}`}</td>
            <td className={cellClass}>{t(`statuses.${r.status}`)}</td>
          </tr>
        ))}
      </DataTable>
      {deliveries ? (
        <section id="deliveries" className="mt-8">
          <h2 className="mb-3 text-lg font-semibold">{t('deliveries', { id: lessonId! })}</h2>
          <DataTable caption={t('deliveries', { id: lessonId! })} head={[t('purpose'), t('recipient'), t('channel'), t('delivery'), t('attempts'), t('sentAt')]} empty={deliveries.length === 0 ? <EmptyState>{t('noMessages')}</EmptyState> : undefined}>
            {deliveries.map((d) => (
              <tr key={d.outboxId}>
                <td className={cellClass}>{t(`purposes.${d.purpose}` as 'purposes.booked')}</td>
                <td className={cellClass}>{t(`roles.${d.role}`)}</td>
                <td className={cellClass}>{d.channel === 'sms' ? 'SMS' : 'E-mail'}</td>
                <td className={cellClass}>
                  <Badge tone={d.status === 'sent' ? 'good' : d.status === 'failed' ? 'bad' : 'info'}>{t(`delivery_${d.status}`)}</Badge>
                  {d.lastError ? <span className="ml-2 text-xs text-muted">{d.lastError}</span> : null}
                </td>
                <td className={`${cellClass} tabular-nums`}>{d.attempts}</td>
                <td className={cellClass}>{d.sentAt ? formatDateTime(locale, d.sentAt) : '—'}</td>
              </tr>
            ))}
          </DataTable>
          <h3 className="mt-6 mb-3 font-semibold">{t('company.title')}</h3>
          {lessonKind === 'trial' && !companyLink ? (
            // A free trial is never paid from a company's pool (docs/payments.md): employees book pool lessons in their cabinet.
            <p className="text-sm">{t('company.trialNote')}</p>
          ) : canLink ? (
            <LessonCompanyForm lessonId={lessonId!} link={companyLink} companies={companyList} />
          ) : (
            <p className="text-sm">{companyLink ? t('company.current', { company: companyLink.company, employee: companyLink.employee, last4: companyLink.iinLast4 }) : t('company.studentPays')}</p>
          )}
          <h3 className="mt-6 mb-3 font-semibold">{t('corrections')}</h3>
          <DataTable caption={t('corrections')} head={[t('correctedAt'), t('correctedBy'), t('correction'), t('reason')]} empty={corrections.length === 0 ? <EmptyState>{t('noCorrections')}</EmptyState> : undefined}>
            {corrections.map((c) => (
              <tr key={c.at}>
                <td className={cellClass}>{formatDateTime(locale, c.at)}</td>
                <td className={cellClass}>{c.by}</td>
                <td className={cellClass}>{`${t(`statuses.${c.fromStatus}` as 'statuses.held')} → ${t(`statuses.${c.status}`)}`}</td>
                <td className={`${cellClass} whitespace-pre-wrap`}>{c.reason}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}
    </>
  );
}
