import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { exerciseMessages, libraryWords } from '@/components/admin/library/labels';
import { UnitEditor } from '@/components/admin/library/unit-editor';
import { BackLink, Badge, PageHeader } from '@/components/admin/ui/table';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import { staffUnit } from '@/lib/library/authoring';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { METHODOLOGIST_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/** A unit in the editor (methodologists, admin): its latest version, and how a student sees it in each language. */
export default async function UnitPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, METHODOLOGIST_SCOPES, `/admin/library/units/${rawId}`);
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const unit = id
    ? await staffUnit(await getDb(), id).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      })
    : null;
  if (!unit) notFound();
  const t = await getTranslations('Admin.library');
  const w = await libraryWords(locale);
  return (
    <>
      <BackLink href={localePath(locale, `/admin/library/${unit.course.id}`)}>{t('backTo', { course: w.title(unit.course.title) })}</BackLink>
      <PageHeader
        title={w.title(unit.content.title)}
        lead={`${unit.unit.key} · ${t('versionOf', { version: unit.version.version })}`}
        actions={<Badge tone={unit.version.published ? 'good' : 'neutral'}>{unit.version.published ? t('versionPublished') : t('draftVersion')}</Badge>}
      />
      <UnitEditor courseId={unit.course.id} unitId={unit.unit.id} initial={unit.content} published={unit.version.published} exerciseMessages={await exerciseMessages()} />
    </>
  );
}
