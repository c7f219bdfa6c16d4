import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { GroupForm } from '@/components/admin/groups/group-form';
import { groupWords } from '@/components/admin/groups/labels';
import { BackLink, PageHeader } from '@/components/admin/ui/table';
import { companyOptions } from '@/lib/companies/admin';
import { getDb } from '@/lib/db/client';
import { groupTutors } from '@/lib/groups/admin';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';

/** A new group, saved as a draft with its lessons (sales, admin); it goes on sale from its page. */
export default async function NewGroupPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'sales', '/admin/groups/new');
  const t = await getTranslations('Admin.groups');
  const db = await getDb();
  const w = await groupWords();
  const companies = (await companyOptions(db)).filter((c) => c.active).map((c) => ({ id: c.id, name: c.name }));
  return (
    <>
      <BackLink href={localePath(locale, '/admin/groups')}>{t('back')}</BackLink>
      <PageHeader title={t('new')} lead={t('newLead')} />
      <GroupForm options={{ subjects: w.subjects, ages: w.ages, weekdays: w.weekdays, tutors: await groupTutors(db), companies }} />
    </>
  );
}
