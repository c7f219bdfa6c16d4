import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { InviteForm } from '@/components/admin/staff/invite-form';
import { StaffRow, type StaffStatus } from '@/components/admin/staff/staff-row';
import { DataTable, EmptyState, PageHeader } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { listStaff, type StaffRow as Member } from '@/lib/staff/accounts';
import { requireStaffPage } from '@/lib/staff/page';
import { intlLocale, SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';

const statusOf = (m: Member): StaffStatus => (m.disabled ? 'disabled' : m.enrolled ? 'active' : m.invitePending ? 'pending' : 'expired');

/** Staff (admins): invite by e-mail, rights, duty, disable; the link again for those not set up. */
export default async function StaffPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { staff: me } = await requireStaffPage(locale, 'admin', '/admin/staff');
  const t = await getTranslations('Admin');
  const members = await listStaff(await getDb());
  const date = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: SCHOOL_FIXED_ZONE });
  return (
    <>
      <PageHeader title={t('staff.title')} lead={t('staff.lead')} />
      <InviteForm />
      <h2 className="mb-3 text-lg font-semibold">{t('staff.listTitle')}</h2>
      <DataTable
        caption={t('staff.listTitle')}
        head={[t('staff.member'), t('staff.scopes'), t('staff.status'), t('staff.duty'), t('common.actions')]}
        empty={members.length <= 1 ? <EmptyState>{t('staff.empty')}</EmptyState> : undefined}
      >
        {members.map((m) => (
          <StaffRow
            key={m.id}
            m={{
              id: m.id,
              name: m.name,
              email: m.email,
              scopes: m.scopes,
              onDuty: m.onDuty,
              status: statusOf(m),
              since: t('staff.since', { date: date.format(m.createdAt) }),
              isMe: m.id === me.id,
            }}
          />
        ))}
      </DataTable>
    </>
  );
}
