import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ImportForm } from '@/components/admin/library/import-form';
import { COURSE_TONES, libraryWords } from '@/components/admin/library/labels';
import { formatDateTime } from '@/components/admin/ui/format';
import { FilterBar, FilterSelect, adminButtonClass } from '@/components/admin/ui/form';
import { Section } from '@/components/admin/ui/section';
import { Badge, DataTable, EmptyState, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { staffCourses } from '@/lib/library/authoring';
import { courseListQuery } from '@/lib/library/input';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { COURSE_STATUSES, LIBRARY_LEVELS } from '@/lib/validations/library-rules';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The course library (methodologists, admin): every course whatever its status, filters, a new course, import of a course file. */
export default async function LibraryPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, METHODOLOGIST_SCOPES, '/admin/library');
  const parsed = courseListQuery.safeParse(await searchParams);
  const filter = parsed.success ? parsed.data : {};
  const t = await getTranslations('Admin.library');
  const tc = await getTranslations('Admin.common');
  const w = await libraryWords(locale);
  const rows = await staffCourses(await getDb(), filter);
  const path = localePath(locale, '/admin/library');
  return (
    <>
      <PageHeader
        title={t('title')}
        lead={t('lead')}
        actions={
          <Link href={localePath(locale, '/admin/library/new')} className={adminButtonClass}>
            {t('newCourse')}
          </Link>
        }
      />
      <FilterBar action={path} labels={{ apply: tc('apply'), reset: tc('reset'), title: t('filters') }}>
        <FilterSelect id="f-subject" name="subject" label={t('subject')} value={filter.subject} allLabel={tc('all')} options={Object.entries(w.subjects)} />
        <FilterSelect id="f-level" name="level" label={t('level')} value={filter.level} allLabel={tc('all')} options={LIBRARY_LEVELS.map((l) => [l, l])} />
        <FilterSelect id="f-status" name="status" label={t('status')} value={filter.status} allLabel={tc('all')} options={COURSE_STATUSES.map((s) => [s, t(`statuses.${s}`)])} />
      </FilterBar>
      <DataTable
        caption={t('caption')}
        head={[t('course'), t('subject'), t('level'), t('units'), t('status'), t('updated')]}
        empty={rows.length ? undefined : <EmptyState>{t('empty')}</EmptyState>}
      >
        {rows.map((c) => (
          <tr key={c.id} data-testid={`course-${c.slug}`}>
            <td className={cellClass}>
              <Link href={localePath(locale, `/admin/library/${c.id}`)} className="font-medium text-brand-dark hover:underline">
                {w.title(c.title)}
              </Link>
              <p className="text-xs text-muted">
                {c.slug} · {w.ages[c.ageBand]}
              </p>
            </td>
            <td className={cellClass}>{w.subjects[c.subject]}</td>
            <td className={cellClass}>{c.level}</td>
            <td className={`${cellClass} tabular-nums`}>{c.units}</td>
            <td className={cellClass}>
              <Badge tone={COURSE_TONES[c.status]}>{t(`statuses.${c.status}`)}</Badge>
              {c.status === 'published' && c.submittedAt && <p className="mt-1 text-xs text-muted">{t('changesInReview')}</p>}
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(locale, c.updatedAt)}</td>
          </tr>
        ))}
      </DataTable>
      <Section id="import" title={t('import.title')}>
        <ImportForm />
      </Section>
    </>
  );
}
