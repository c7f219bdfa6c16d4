import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { exerciseMessages, libraryWords } from '@/components/admin/library/labels';
import { UnitEditor } from '@/components/admin/library/unit-editor';
import { BackLink, PageHeader } from '@/components/admin/ui/table';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import { staffCourseDetail } from '@/lib/library/authoring';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/** A new unit of a course in the editor (methodologists, admin): saved at the end of the course as a draft. */
export default async function NewUnitPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, METHODOLOGIST_SCOPES, `/admin/library/${rawId}/units/new`);
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const detail = id
    ? await staffCourseDetail(await getDb(), id).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      })
    : null;
  if (!detail) notFound();
  const t = await getTranslations('Admin.library');
  const w = await libraryWords(locale);
  return (
    <>
      <BackLink href={localePath(locale, `/admin/library/${id}`)}>{t('backTo', { course: w.title(detail.course.title) })}</BackLink>
      <PageHeader title={t('addUnit')} lead={t('newUnitLead')} />
      <UnitEditor courseId={id} unitId={null} initial={null} published={false} exerciseMessages={await exerciseMessages()} />
    </>
  );
}
