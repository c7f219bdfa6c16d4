import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { intlLocale } from '@/lib/time/school-clock';
import { Link } from '@/i18n/navigation';
import { AssigneeForm } from '@/components/admin/leads/assignee-form';
import { CallbackBadge } from '@/components/admin/leads/callback-badge';
import { LeadHistory } from '@/components/admin/leads/lead-history';
import { NoteForm } from '@/components/admin/leads/note-form';
import { StatusActions } from '@/components/admin/leads/status-actions';
import { StatusBadge } from '@/components/admin/leads/status-badge';
import { PageHeader } from '@/components/admin/ui/table';
import { ApiError } from '@/lib/api/errors';
import { salesAssignees } from '@/lib/leads/assign';
import { leadDetail } from '@/lib/leads/detail';
import { workCalendar } from '@/lib/leads/working-time';
import { getDb } from '@/lib/db/client';
import { formatKzPhone } from '@/lib/phone';
import { requireStaffPage } from '@/lib/staff/page';

type Props = { params: Promise<{ locale: Locale; id: string }> };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-line bg-white p-4 md:p-5">
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A labelled value; `stacked` in the narrow side column, two columns from a small screen up elsewhere. */
function Row({ label, children, stacked }: { label: string; children: ReactNode; stacked?: boolean }) {
  return (
    <div className={stacked ? 'grid gap-1 py-2' : 'grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-3'}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function Utm({ values, none }: { values: Record<string, string>; none: string }) {
  const entries = Object.entries(values);
  if (!entries.length) return <span className="text-muted">{none}</span>;
  return (
    <ul className="grid gap-0.5">
      {entries.map(([k, v]) => (
        <li key={k}>
          <span className="text-muted">{k}</span> = <span className="font-medium">{v}</span>
        </li>
      ))}
    </ul>
  );
}

/** One lead (scope sales): everything stored, the phone whole (the view is audit-logged), the pipeline, assignee, notes, history. */
export default async function LeadPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const { staff, actor } = await requireStaffPage(locale, 'sales', `/admin/leads/${rawId}`);
  if (!id) notFound();
  const db = await getDb();
  const detail = await leadDetail(db, actor, id).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  const t = await getTranslations('Admin.leads');
  const tr = await getTranslations('Admin.retention');
  const { lead, account, history } = detail;
  const people = await salesAssignees(db);
  // A member who no longer sells (disabled) still shows as the current assignee.
  if (lead.assigneeId !== null && !people.some((p) => p.id === lead.assigneeId)) people.push({ id: lead.assigneeId, name: lead.assigneeName ?? `#${lead.assigneeId}`, onDuty: false });
  const tz = workCalendar().tz;
  const when = (d: Date | null) => (d ? new Intl.DateTimeFormat(intlLocale(locale), { timeZone: tz, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(d) : '—');
  const kind = t.has(`kinds.${lead.kind}` as never) ? t(`kinds.${lead.kind}` as never) : lead.kind;
  const answers = Object.entries(lead.answers ?? {});

  return (
    <>
      <p className="mb-3 text-sm">
        <Link href="/admin/leads" className="text-brand-dark underline-offset-2 hover:underline">
          {t('detail.back')}
        </Link>
      </p>
      <PageHeader title={t('detail.title', { id: lead.id, name: lead.name || tr('anonymised') })} lead={`${kind} · ${when(lead.createdAt)}`} />
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <div className="grid min-w-0 gap-4">
          <Section title={t('detail.contact')}>
            <dl className="divide-y divide-line">
              <Row label={t('detail.name')}>{lead.name || <span className="italic text-muted">{tr('anonymised')}</span>}</Row>
              <Row label={t('detail.phone')}>
                {lead.phone ? (
                  <>
                    <a href={`tel:${lead.phone}`} className="font-medium text-brand-dark tabular-nums underline-offset-2 hover:underline" data-testid="lead-phone">
                      {formatKzPhone(lead.phone)}
                    </a>
                    <p className="mt-1 text-xs text-muted">{t('detail.phoneViewed')}</p>
                  </>
                ) : (
                  <span className="italic text-muted">{tr('anonymised')}</span>
                )}
              </Row>
              <Row label={t('detail.account')}>
                {account ? (
                  <Link href={`/admin/accounts/${account.id}`} className="text-brand-dark underline-offset-2 hover:underline">
                    {t('detail.accountLink', { name: `${account.name} ${account.lastname}`, role: t(`detail.roles.${account.role}`) })}
                  </Link>
                ) : (
                  <span className="text-muted">{t('detail.noAccount')}</span>
                )}
              </Row>
            </dl>
          </Section>
          <Section title={t('detail.data')}>
            <dl className="divide-y divide-line">
              <Row label={t('detail.kind')}>{kind}</Row>
              <Row label={t('detail.created')}>{when(lead.createdAt)}</Row>
              <Row label={t('detail.page')}>{lead.page}</Row>
              <Row label={t('detail.locale')}>{t.has(`locales.${lead.locale}` as never) ? t(`locales.${lead.locale}` as never) : lead.locale}</Row>
              {lead.plan && <Row label={t('detail.plan')}>{lead.plan}</Row>}
              {lead.promoCode && <Row label={t('detail.promoCode')}>{lead.promoCode}</Row>}
              {answers.length > 0 && (
                <Row label={t('detail.answers')}>
                  <ul className="grid gap-0.5">
                    {answers.map(([q, a]) => (
                      <li key={q}>
                        <span className="text-muted">{q}:</span> {Array.isArray(a) ? a.join(', ') : a}
                      </li>
                    ))}
                  </ul>
                </Row>
              )}
              <Row label={t('detail.utmFirst')}>
                <Utm values={lead.utmFirst} none={t('detail.utmNone')} />
              </Row>
              <Row label={t('detail.utmLast')}>
                <Utm values={lead.utmLast} none={t('detail.utmNone')} />
              </Row>
              <Row label={t('detail.consent')}>
                {lead.consentVersion ? t('detail.consentValue', { version: lead.consentVersion, at: when(lead.consentAt) }) : <span className="text-muted">—</span>}
              </Row>
            </dl>
          </Section>
          <Section title={t('detail.history')}>
            <LeadHistory events={history} createdAt={lead.createdAt} locale={locale} timeZone={tz} />
          </Section>
        </div>
        <div className="grid min-w-0 gap-4">
          <Section title={t('detail.pipeline')}>
            <dl className="mb-3 divide-y divide-line">
              <Row label={t('detail.status')} stacked>
                <StatusBadge status={lead.status} />
                {lead.status === 'lost' && lead.lostReason && (
                  <span className="ml-2 text-sm">{t.has(`lostReasons.${lead.lostReason}` as never) ? t(`lostReasons.${lead.lostReason}` as never) : lead.lostReason}</span>
                )}
              </Row>
              {lead.kind === 'callback' && (
                <Row label={t('detail.callbackDue')} stacked>
                  <CallbackBadge state={lead.callback} dueAt={lead.callbackDueAt} locale={locale} timeZone={tz} />
                  <span className="mt-1 block text-xs text-muted">{when(lead.callbackDueAt)}</span>
                </Row>
              )}
              <Row label={t('detail.contactedAt')} stacked>{when(lead.contactedAt)}</Row>
              {lead.remindedAt && <Row label={t('detail.remindedAt')} stacked>{when(lead.remindedAt)}</Row>}
            </dl>
            <StatusActions leadId={lead.id} status={lead.status} />
          </Section>
          <Section title={t('assign.title')}>
            <AssigneeForm leadId={lead.id} assigneeId={lead.assigneeId} me={staff.id} people={people} />
          </Section>
          <Section title={t('note.title')}>
            <NoteForm leadId={lead.id} />
          </Section>
        </div>
      </div>
    </>
  );
}
