import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { LessonMoneyDecision } from '@/components/admin/finance/lesson-money-decision';
import { formatDateTime } from '@/components/admin/ui/format';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { viewUndecidedLessons } from '@/lib/payments/undecided';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { pageParams } from '@/lib/validations/query';
import { pageQuery } from '@/lib/validations/staff';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Paid lessons whose money the rules leave to finance (scope finance): the room's facts, the tutor's correction, a decision with a reason. */
export default async function LessonMoneyPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, FINANCE_SCOPES, '/admin/lesson-money');
  const f = pageParams(pageQuery, await searchParams);
  const t = await getTranslations('Admin');
  const tw = await getTranslations('Registration.tutor');
  const { rows, total } = await viewUndecidedLessons(await getDb(), actor, f);
  const path = localePath(locale, '/admin/lesson-money');
  const joined = (j: { student: boolean; tutor: boolean }) => t(`lessonMoney.${j.student && j.tutor ? 'joinedBoth' : j.tutor ? 'joinedTutor' : j.student ? 'joinedStudent' : 'joinedNone'}`);
  return (
    <>
      <PageHeader title={t('lessonMoney.title')} lead={t('lessonMoney.lead')} />
      <PagedTable
        caption={t('lessonMoney.caption')}
        head={[t('lessonMoney.lesson'), t('lessonMoney.tutor'), t('lessonMoney.student'), t('lessonMoney.facts'), t('lessonMoney.correction'), t('lessonMoney.action')]}
        shown={rows.length}
        empty={t('lessonMoney.empty')}
        pages={{ path, params: {}, at: f, total }}
      >
        {rows.map((r) => (
          <tr key={r.id} data-testid={`lesson-money-${r.id}`}>
            <td className={cellClass}>
              <span className="block whitespace-nowrap">{formatDateTime(locale, r.startsAt)}</span>
              <span className="block text-xs text-muted">
                {tw(`subjects.${r.subject}` as never)} ·{' '}
                {r.payer.kind === 'package' ? (
                  <Link href={localePath(locale, `/admin/payments/${r.payer.orderId}`)} prefetch={false} className="font-mono text-brand-dark underline-offset-2 hover:underline">
                    {r.payer.invoiceId}
                  </Link>
                ) : (
                  t('lessonMoney.pool', { company: r.payer.company, number: r.payer.number })
                )}{' '}
                · {formatTiyn(r.perLessonTiyn, locale)}
              </span>
            </td>
            <td className={cellClass}>{r.tutor}</td>
            <td className={cellClass}>{r.student}</td>
            <td className={cellClass}>
              {joined(r.joined)}
              <span className="block text-xs text-muted">{t('lessonMoney.together', { minutes: r.togetherMinutes })}</span>
            </td>
            <td className={cellClass}>
              {r.correction ? (
                <>
                  {t(`lessonMoney.${r.correction.status === 'held' ? 'correctionHeld' : 'correctionNotHeld'}`)}
                  <span className="block text-xs text-muted">{r.correction.reason}</span>
                </>
              ) : (
                t('lessonMoney.noCorrection')
              )}
            </td>
            <td className={cellClass}>
              <LessonMoneyDecision id={r.id} pool={r.payer.kind === 'pool'} context={`${formatDateTime(locale, r.startsAt)}, ${r.tutor}, ${r.student}`} />
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
