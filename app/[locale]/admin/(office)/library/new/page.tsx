import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { CourseForm } from '@/components/admin/library/course-form';
import { libraryWords } from '@/components/admin/library/labels';
import { BackLink, PageHeader } from '@/components/admin/ui/table';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

/** A new course (methodologists, admin): saved as a draft without units; its units are written from its page. */
export default async function NewCoursePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, METHODOLOGIST_SCOPES, '/admin/library/new');
  const t = await getTranslations('Admin.library');
  const w = await libraryWords(locale);
  return (
    <>
      <BackLink href={localePath(locale, '/admin/library')}>{t('back')}</BackLink>
      <PageHeader title={t('newCourse')} lead={t('newLead')} />
      <CourseForm options={{ subjects: w.subjects, ages: w.ages }} />
    </>
  );
}
