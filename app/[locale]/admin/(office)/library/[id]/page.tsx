import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { CourseActions } from '@/components/admin/library/course-actions';
import { CourseForm } from '@/components/admin/library/course-form';
import { COURSE_TONES, libraryWords } from '@/components/admin/library/labels';
import { UnitList } from '@/components/admin/library/unit-list';
import { formatDateTime } from '@/components/admin/ui/format';
import { adminButtonClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';
import { Facts, Section } from '@/components/admin/ui/section';
import { BackLink, Badge, PageHeader } from '@/components/admin/ui/table';
import { ApiError } from '@/lib/api/errors';
import { auditActionKey } from '@/lib/audit/actions';
import { getDb } from '@/lib/db/client';
import { staffCourseDetail } from '@/lib/library/authoring';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/**
 * One course (methodologists, admin): its status and who did what (sent to review, published), its
 * units in order (add, reorder, archive; each opens in the editor), its fields, export, its history.
 */
export default async function CoursePage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const { staff } = await requireStaffPage(locale, METHODOLOGIST_SCOPES, `/admin/library/${rawId}`);
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const detail = id
    ? await staffCourseDetail(await getDb(), id).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      })
    : null;
  if (!detail) notFound();
  const t = await getTranslations('Admin.library');
  const ta = await getTranslations('Admin.auditActions');
  const w = await libraryWords(locale);
  const c = detail.course;
  const waiting = !!c.submittedAt;
  // Whoever sent it, or wrote the course's fields waiting in it, publishes nothing of it (the server refuses: 403).
  const wroteFields = !!c.pendingFields?.by.includes(staff.id);
  const ownReview = waiting && (c.submittedBy === staff.id || wroteFields);
  const canSubmit = !waiting && detail.units.length > 0 && (c.status === 'draft' || detail.pending);
  const statusNote = waiting
    ? ownReview
      ? c.submittedBy === staff.id
        ? t('waitingOther')
        : t('waitingOtherWrote')
      : t('waitingYou', { name: detail.submitter ?? '—' })
    : c.status === 'published' && detail.unitsPending
      ? t('changesDraft')
      : null;
  // The form edits the latest fields: those waiting for review, if any (lib/library/courses.ts proposeFields).
  const fields = c.pendingFields?.fields ?? c;
  return (
    <>
      <BackLink href={localePath(locale, '/admin/library')}>{t('back')}</BackLink>
      <PageHeader
        title={w.title(c.title)}
        lead={`${c.slug} · ${w.subjects[c.subject]} ${c.level} · ${w.ages[c.ageBand]}`}
        actions={
          <span data-testid="course-status">
            <Badge tone={COURSE_TONES[c.status]}>{t(`statuses.${c.status}`)}</Badge>
          </span>
        }
      />
      <Facts
        items={[
          { label: t('author'), value: detail.author ?? t('school') },
          { label: t('sentBy'), value: waiting ? `${detail.submitter ?? '—'} · ${formatDateTime(locale, c.submittedAt)}` : '—' },
          { label: t('reviewer'), value: detail.reviewer ?? '—' },
          { label: t('publishedAt'), value: formatDateTime(locale, c.publishedAt) },
        ]}
      />
      <div className="mt-4 space-y-2">
        {statusNote && <p className="text-sm text-muted">{statusNote}</p>}
        <CourseActions courseId={c.id} canSubmit={canSubmit} canPublish={waiting && !ownReview} />
      </div>
      <Section
        id="units"
        title={t('unitsTitle')}
        actions={
          <Link href={localePath(locale, `/admin/library/${c.id}/units/new`)} className={adminButtonClass}>
            {t('addUnit')}
          </Link>
        }
      >
        <UnitList courseId={c.id} units={detail.units.map((u) => ({ id: u.id, key: u.key, title: w.title(u.title), steps: u.steps, version: u.version, draft: u.draft, publishedVersion: u.publishedVersion }))} />
        {detail.archived.length > 0 && (
          <p className="mt-2 text-xs text-muted">
            {t('archived')}: {detail.archived.map((u) => `${w.title(u.title)} (${u.key})`).join(', ')}
          </p>
        )}
      </Section>
      <Section
        id="fields"
        title={t('fieldsTitle')}
        actions={
          detail.units.length > 0 && (
            <a href={`/api/admin/library/courses/${c.id}/export`} className={adminSecondaryButtonClass} download>
              {t('export')}
            </a>
          )
        }
      >
        {c.pendingFields && (
          <p className="mb-3 max-w-3xl rounded-lg border border-line bg-brand-tint p-3 text-sm" data-testid="course-fields-pending">
            {t('fieldsPending', { title: w.title(c.title) })}
          </p>
        )}
        <CourseForm
          course={{ id: c.id, published: !!c.publishedAt, slug: c.slug, subject: fields.subject, level: fields.level, ageBand: fields.ageBand, title: fields.title, description: fields.description }}
          options={{ subjects: w.subjects, ages: w.ages }}
        />
      </Section>
      <Section id="history" title={t('history')}>
        {detail.history.length === 0 ? (
          <p className="text-sm text-muted">{t('noHistory')}</p>
        ) : (
          <ul className="space-y-1 rounded-xl border border-line bg-white p-4 text-sm" data-testid="course-history">
            {detail.history.map((h, i) => {
              const unit = typeof h.after.unit === 'string' ? h.after.unit : null;
              const version = typeof h.after.version === 'number' ? h.after.version : null;
              return (
                <li key={i}>
                  <span className="text-muted">{formatDateTime(locale, h.at)}</span> · {ta.has(auditActionKey(h.action) as never) ? ta(auditActionKey(h.action) as never) : h.action}
                  {unit && ` · ${unit}`}
                  {version && ` · ${t('versionOf', { version })}`} · <span className="text-muted">{h.who}</span>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </>
  );
}
