import Link from 'next/link';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { Badge, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { pendingProfiles, REVIEW_PAGE_SIZE } from '@/lib/marketplace/tutor-profile';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { profileQueueSchema } from '@/lib/validations/tutor-profile';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Tutor profiles waiting for review (scope reviewer): oldest submission first, with what changed. */
export default async function ProfilesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'reviewer', '/admin/profiles');
  const sp = await searchParams;
  const parsed = profileQueueSchema.safeParse({ page: Array.isArray(sp.page) ? sp.page[0] : sp.page });
  const page = parsed.success ? parsed.data.page : 1;
  const { rows, total } = await pendingProfiles(await getDb(), page);
  const t = await getTranslations('Admin.profiles');
  const format = await getFormatter();
  const path = localePath(locale, '/admin/profiles');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <PagedTable
        caption={t('caption')}
        head={[t('col.submitted'), t('col.name'), t('col.kind'), t('col.changed')]}
        shown={rows.length}
        empty={t('empty')}
        pages={{ path, params: {}, at: { page, pageSize: REVIEW_PAGE_SIZE }, total }}
      >
        {rows.map((r) => (
          <tr key={r.userId} data-testid="profile-row" data-id={r.userId}>
            <td className={`${cellClass} whitespace-nowrap text-muted`}>
              {r.submittedAt && <time dateTime={r.submittedAt.toISOString()}>{format.dateTime(r.submittedAt, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })}</time>}
            </td>
            <td className={cellClass}>
              <Link href={localePath(locale, `/admin/profiles/${r.userId}`)} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                {r.lastname} {r.name}
              </Link>
            </td>
            <td className={cellClass}>
              <Badge tone={r.firstPublication ? 'info' : 'neutral'}>{r.firstPublication ? t('first') : t('change')}</Badge>
            </td>
            <td className={cellClass}>{r.changed.map((f) => t(`field.${f}`)).join(', ')}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
