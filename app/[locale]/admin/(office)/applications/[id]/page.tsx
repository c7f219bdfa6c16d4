import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ReviewActions } from '@/components/admin/applications/review-actions';
import { ApplicationStatusBadge } from '@/components/admin/applications/status-badge';
import { Badge, PageHeader } from '@/components/admin/ui/table';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import { formatKzPhone } from '@/lib/phone';
import { applicationForStaff } from '@/lib/review/queue';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { REVIEW_REASONS } from '@/lib/validations/review';

type Props = { params: Promise<{ locale: Locale; id: string }> };

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 border-b border-line py-2 last:border-b-0 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words text-sm" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-white p-4">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One application: the tutor's data (whole phone: an audit row `application.view`), the review, the history, the actions. */
export default async function ApplicationPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const { actor, staff } = await requireStaffPage(locale, 'reviewer', `/admin/applications/${rawId}`);
  if (!/^\d{1,9}$/.test(rawId)) notFound();
  const app = await applicationForStaff(await getDb(), actor, Number(rawId)).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  const t = await getTranslations('Admin.applications');
  const tc = await getTranslations('Admin.common');
  const tw = await getTranslations('Registration.tutor');
  const tr = await getTranslations('Review.reasons');
  const format = await getFormatter();
  const when = (d: Date | null) => (d ? <time dateTime={d.toISOString()}>{format.dateTime(d, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })}</time> : tc('none'));
  const u = app.tutor;
  const fullName = [u.lastname, u.name, u.secondname].filter(Boolean).join(' ');
  const reasonLabels = Object.fromEntries(REVIEW_REASONS.map((r) => [r, tr(r)]));
  const reason = (r: string) => reasonLabels[r] ?? r;
  const fieldLabel = (f: string) => (t.has(`field.${f}` as never) ? t(`field.${f}` as never) : f);
  const subject = u.subject && tw.has(`subjects.${u.subject}` as never) ? tw(`subjects.${u.subject}` as never) : (u.subject ?? tc('none'));
  const language = u.teachingLanguage && tw.has(`languages.${u.teachingLanguage}` as never) ? tw(`languages.${u.teachingLanguage}` as never) : (u.teachingLanguage ?? tc('none'));
  const reviewer = app.reviewerId === staff.id ? `${app.reviewerName ?? ''} (${t('you')})` : (app.reviewerName ?? tc('none'));

  return (
    <>
      <p className="mb-3 text-sm">
        <Link href={localePath(locale, '/admin/applications')} className="text-brand-dark underline-offset-2 hover:underline">
          {t('back')}
        </Link>
      </p>
      <PageHeader title={t('detailTitle', { name: fullName })} />
      <div className="mb-5 flex flex-wrap items-center gap-2" data-testid="application-status">
        <ApplicationStatusBadge status={app.status} label={t(`status.${app.status}`)} />
        {app.overdue && <Badge tone="bad">{t('overdue')}</Badge>}
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <Section id="app-data" title={t('data')}>
          <dl>
            <Row label={t('field.lastname')}>{u.lastname}</Row>
            <Row label={t('field.name')}>{u.name}</Row>
            <Row label={t('field.secondname')}>{u.secondname || tc('none')}</Row>
            <Row label={t('field.phone')} testId="application-phone">
              <a href={`tel:${u.phone}`} className="text-brand-dark underline-offset-2 hover:underline">
                {formatKzPhone(u.phone)}
              </a>
            </Row>
            <Row label={t('field.email')}>{u.email ?? <span className="text-muted">{t('field.emailNone')}</span>}</Row>
            <Row label={t('field.subject')} testId="application-subject">
              {subject}
            </Row>
            <Row label={t('field.teachingLanguage')}>{language}</Row>
            <Row label={t('field.tutorKind')}>{u.tutorKind ? t(`kind.${u.tutorKind}`) : tc('none')}</Row>
            <Row label={t('field.locale')}>{t.has(`locales.${u.locale}` as never) ? t(`locales.${u.locale}` as never) : u.locale}</Row>
          </dl>
        </Section>
        <Section id="app-review" title={t('review')}>
          <dl className="mb-4">
            <Row label={t('field.round')} testId="application-round">
              {app.round}
            </Row>
            <Row label={t('field.submittedAt')}>{when(app.submittedAt)}</Row>
            <Row label={t('field.dueAt')}>{when(app.reviewDueAt)}</Row>
            <Row label={t('field.reviewer')}>{reviewer}</Row>
            {app.decidedAt && <Row label={t('field.decidedAt')}>{when(app.decidedAt)}</Row>}
            {app.reasons.length > 0 && (
              <Row label={t('field.reasons')} testId="application-reasons">
                <ul className="list-disc pl-5">
                  {app.reasons.map((r) => (
                    <li key={r}>{reason(r)}</li>
                  ))}
                </ul>
              </Row>
            )}
            <Row label={t('field.documents')} testId="application-documents">
              {app.documents.length === 0 ? (
                <span className="text-muted">{t('documentsNone')}</span>
              ) : (
                <ul className="space-y-1">
                  {app.documents.map((d) => (
                    <li key={d.id}>
                      <a
                        href={`/api/admin/applications/${app.id}/documents/${d.id}`}
                        download={d.fileName}
                        className="text-brand-dark underline-offset-2 hover:underline"
                      >
                        {d.fileName}
                      </a>
                      <span className="text-muted"> · {format.number(Math.max(1, Math.round(d.size / 1024)))} KB</span>
                    </li>
                  ))}
                </ul>
              )}
            </Row>
            {app.note && (
              <Row label={t('field.note')}>
                <span className="whitespace-pre-line">{app.note}</span>
              </Row>
            )}
          </dl>
          <h3 className="mb-2 text-sm font-semibold">{t('actions')}</h3>
          <ReviewActions id={app.id} status={app.status} round={app.round} name={fullName} reasonLabels={reasonLabels} />
        </Section>
      </div>
      <section aria-labelledby="app-history" className="mt-5 rounded-xl border border-line bg-white p-4">
        <h2 id="app-history" className="mb-2 text-lg font-semibold">
          {t('history')}
        </h2>
        {app.history.length === 0 ? (
          <p className="text-sm text-muted">{t('historyEmpty')}</p>
        ) : (
          <ol className="space-y-3" data-testid="application-history">
            {app.history.map((e) => (
              <li key={e.id} className="border-l-2 border-line pl-3 text-sm">
                <p>
                  <span className="font-medium">{t.has(`event.${e.type}` as never) ? t(`event.${e.type}` as never) : e.type}</span>
                  <span className="text-muted">
                    {' · '}
                    {when(e.createdAt)}
                    {' · '}
                    {e.staffName ?? (e.type === 'submitted' || e.type === 'resubmitted' ? t('event.tutor') : tc('none'))}
                  </span>
                </p>
                {e.type === 'resubmitted' ? (
                  <p className="text-muted">{e.reasons?.length ? t('event.changed', { fields: e.reasons.map(fieldLabel).join(', ') }) : t('event.unchanged')}</p>
                ) : (
                  e.reasons &&
                  e.reasons.length > 0 && <p>{e.reasons.map(reason).join('; ')}</p>
                )}
                {e.note && <p className="whitespace-pre-line text-muted">{e.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
