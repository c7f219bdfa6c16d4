import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatDateTime } from '@/components/admin/ui/format';
import { Facts, Section } from '@/components/admin/ui/section';
import { BackLink, DataTable, EmptyState, PageHeader, cellClass } from '@/components/admin/ui/table';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import { viewPayment } from '@/lib/payments/finance';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/** One payment (scope finance): the order, its package, the provider's events, its ledger rows and refunds. Every view is audited. */
export default async function PaymentPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, FINANCE_SCOPES, `/admin/payments/${id}`);
  if (!/^\d{1,9}$/.test(id)) notFound();
  const t = await getTranslations('Admin');
  let view;
  try {
    view = await viewPayment(await getDb(), actor, Number(id));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
  const { order, events, ledger, refunds, receipts } = view;
  return (
    <>
      <BackLink href={localePath(locale, '/admin/payments')}>{t('payments.back')}</BackLink>
      <PageHeader title={t('payments.one', { invoice: order.invoiceId })} lead={t('payments.oneLead')} />
      <Facts
        items={[
          { label: t('payments.status'), value: t(`payments.statuses.${order.status}`) },
          { label: t('payments.amount'), value: `${formatTiyn(order.amountTiyn, locale)} (${order.lessons} × ${formatTiyn(order.perLessonTiyn, locale)})` },
          { label: t('payments.student'), value: [order.student, order.studentPhone, order.studentEmail].filter(Boolean).join(' · ') },
          { label: t('payments.tutor'), value: `${order.tutor} · ${formatTiyn(order.tutorPrice * 100, locale)}` },
          { label: t('payments.plan'), value: `${t(`finance.plans.${order.plan}`)}${order.promoCode ? ` · ${order.promoCode} −${order.promoPercent}%` : ''}` },
          { label: t('payments.providerId'), value: order.providerPaymentId ?? t('common.none') },
          { label: t('payments.created'), value: formatDateTime(locale, order.createdAt) },
          { label: t('payments.paid'), value: formatDateTime(locale, order.paidAt) },
          ...(order.failureReason ? [{ label: t('payments.reason'), value: order.failureReason, wide: true }] : []),
        ]}
      />
      <Section id="pay-events" title={t('payments.events')}>
        <DataTable caption={t('payments.events')} head={[t('payments.event'), t('payments.source'), t('payments.received'), t('payments.processed')]} empty={events.length === 0 ? <EmptyState>{t('payments.noEvents')}</EmptyState> : undefined}>
          {events.map((e) => (
            <tr key={e.id}>
              <td className={`${cellClass} font-mono`}>{e.event}</td>
              <td className={cellClass}>{t(`payments.sources.${e.source}`)}</td>
              <td className={cellClass}>{formatDateTime(locale, e.receivedAt)}</td>
              <td className={cellClass}>{formatDateTime(locale, e.processedAt)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section id="pay-ledger" title={t('payments.ledger')}>
        <DataTable caption={t('payments.ledger')} head={[t('payments.kind'), t('payments.account'), t('payments.amount'), t('payments.at')]} empty={ledger.length === 0 ? <EmptyState>{t('payments.noLedger')}</EmptyState> : undefined}>
          {ledger.map((e) => (
            <tr key={e.id}>
              <td className={`${cellClass} font-mono text-xs`}>{e.kind}</td>
              <td className={`${cellClass} font-mono text-xs break-all`}>{e.account}</td>
              <td className={`${cellClass} text-right tabular-nums whitespace-nowrap`}>{formatTiyn(e.amountTiyn, locale)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(locale, e.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section id="pay-receipts" title={t('payments.receipts')}>
        <DataTable
          caption={t('payments.receipts')}
          head={[t('payments.receiptKind'), t('payments.amount'), t('payments.receiptStatus'), t('payments.receiptNumber'), t('payments.receiptAttempts')]}
          empty={receipts.length === 0 ? <EmptyState>{t('payments.noReceipts')}</EmptyState> : undefined}
        >
          {receipts.map((r) => (
            <tr key={r.id}>
              <td className={cellClass}>{t(`payments.receiptKinds.${r.kind}`)}</td>
              <td className={`${cellClass} text-right tabular-nums whitespace-nowrap`}>{formatTiyn(r.amountTiyn, locale)}</td>
              <td className={cellClass}>
                {r.status === 'issued' ? t('payments.receiptIssued', { at: formatDateTime(locale, r.issuedAt) }) : t('payments.receiptPending', { at: formatDateTime(locale, r.nextAttemptAt) })}
                {r.status === 'pending' && r.lastError && <span className="block text-xs text-danger">{r.lastError}</span>}
              </td>
              <td className={cellClass}>
                {r.ticketUrl && r.checkNumber ? (
                  <a href={r.ticketUrl} target="_blank" rel="noopener noreferrer" className="font-mono text-brand-dark underline underline-offset-2">
                    {r.checkNumber}
                  </a>
                ) : (
                  t('common.none')
                )}
              </td>
              <td className={`${cellClass} text-right tabular-nums`}>{r.attempts}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section id="pay-refunds" title={t('refunds.title')}>
        <DataTable caption={t('refunds.title')} head={[t('refunds.amount'), t('refunds.status'), t('refunds.due'), t('refunds.reason')]} empty={refunds.length === 0 ? <EmptyState>{t('payments.noRefunds')}</EmptyState> : undefined}>
          {refunds.map((r) => (
            <tr key={r.id}>
              <td className={`${cellClass} text-right tabular-nums whitespace-nowrap`}>{formatTiyn(r.amountTiyn, locale)}</td>
              <td className={cellClass}>{t(`refunds.statuses.${r.status}`)}</td>
              <td className={cellClass}>{formatDateTime(locale, r.dueBy)}</td>
              <td className={cellClass}>{r.decisionReason ?? r.lastError ?? t('common.none')}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
    </>
  );
}
