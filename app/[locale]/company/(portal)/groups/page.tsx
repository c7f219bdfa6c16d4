import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PortalCard } from '@/components/company/card';
import { GroupEnrolForm } from '@/components/company/group-enrol-form';
import { GroupInvoiceForm, GroupUnenrolButton } from '@/components/company/group-forms';
import { PortalPageHeader } from '@/components/company/page-header';
import { cellClass, PortalTable } from '@/components/company/table';
import { scheduleLine, groupTitle } from '@/components/groups/group-card';
import { getDb } from '@/lib/db/client';
import { viewCompanyGroups } from '@/lib/company-portal/groups';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { viewEmployees } from '@/lib/company-portal/roster';
import { formatTiyn } from '@/lib/tariffs';

type Props = { params: Promise<{ locale: Locale }> };
const { th, td } = cellClass;
const num = `${td} text-right tabular-nums`;

/**
 * The company's closed groups (HR): the company's money for its groups (paid, spent, on seats,
 * free), and each group with its schedule, seats, a seat's price now, the group's invoice, the
 * employees in it with their attended lessons and minutes (never the lessons' content), adding an
 * employee of the roster and removing one.
 */
export default async function CompanyGroupsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member, actor } = await requireCompanyPage(locale, '/company/groups');
  const db = await getDb();
  const { groups, money } = await viewCompanyGroups(db, actor, member.companyId);
  const open = groups.some((g) => (g.status === 'open' || g.status === 'running') && g.lessonsLeft > 0);
  const roster = open ? (await viewEmployees(db, actor, member.companyId, { page: 1, pageSize: 200 })).rows : [];
  const t = await getTranslations('Company.groups');
  const labels = [t('employee'), t('lessons'), t('attended'), t('minutes'), t('status'), undefined];
  const tiyn = (v: number) => formatTiyn(v, locale);
  const cards = await Promise.all(groups.map(async (g) => ({ g, title: await groupTitle(g), schedule: await scheduleLine(g) })));
  return (
    <div className="space-y-6">
      <PortalPageHeader title={t('title')} intro={t('intro')} />
      {cards.length > 0 && (
        <PortalCard id="group-money" title={t('moneyTitle')}>
          <p className="text-sm" data-testid="company-group-money">
            {t('money', { paid: tiyn(money.paidTiyn), spent: tiyn(money.spentTiyn), onSeats: tiyn(money.onSeatsTiyn), available: tiyn(money.availableTiyn) })}
          </p>
          <p className="mt-2 text-sm text-muted">{t('moneyHint')}</p>
        </PortalCard>
      )}
      {cards.length === 0 && (
        <p className="rounded-2xl bg-white p-4 text-sm shadow-sm" data-testid="company-groups-empty">
          {t('empty')}
        </p>
      )}
      {cards.map(({ g, title, schedule }) => {
        const seated = new Set(g.attendance.filter((a) => a.enrolled).map((a) => a.employeeId));
        const choices = roster.filter((e) => !seated.has(e.id)).map((e) => ({ id: e.id, name: `${e.lastName} ${e.firstName}` }));
        const canEnrol = (g.status === 'open' || g.status === 'running') && g.lessonsLeft > 0;
        return (
          <PortalCard key={g.id} id={`group-${g.id}`} title={`${title} · ${t(`statuses.${g.status}` as never)}`}>
            <div data-testid="company-group">
              <p className="text-sm">{schedule}</p>
              <p className="text-sm text-muted">{t('seats', { taken: g.maxSeats - g.seatsLeft, max: g.maxSeats })}</p>
              {canEnrol && (
                <p className="text-sm" data-testid="company-group-price">
                  {t('seatPrice', { total: tiyn(g.priceNowTiyn), count: g.lessonsLeft, price: tiyn(g.pricePerLessonTiyn) })}
                </p>
              )}
              {g.attendance.length ? (
                <PortalTable
                  labelledBy={`group-${g.id}`}
                  className="mt-3"
                  testId="company-group-attendance"
                  labels={labels}
                  head={labels.map((l, i) =>
                    l === undefined ? (
                      <th key={i} scope="col" className={th}>
                        <span className="sr-only">{t('actions')}</span>
                      </th>
                    ) : (
                      <th key={l} scope="col" className={i === 0 || i === 4 ? th : `${th} text-right`}>
                        {l}
                      </th>
                    ),
                  )}
                >
                  {g.attendance.map((a) => (
                    <tr key={a.employeeId}>
                      <th scope="row" className={`${td} font-normal`}>{`${a.lastName} ${a.firstName}`}</th>
                      <td className={num}>{a.lessons}</td>
                      <td className={num}>{a.attended}</td>
                      <td className={num}>{a.minutes}</td>
                      <td className={td}>{a.enrolled ? t('inGroup') : t('removed')}</td>
                      <td className={td}>
                        <GroupUnenrolButton groupId={g.id} employee={{ id: a.employeeId, name: `${a.lastName} ${a.firstName}` }} enrolled={a.enrolled && (g.status === 'open' || g.status === 'running')} />
                      </td>
                    </tr>
                  ))}
                </PortalTable>
              ) : (
                <p className="mt-2 text-sm text-muted">{t('noEmployees')}</p>
              )}
              {!canEnrol ? (
                <p className="mt-3 text-sm text-muted">{t('closed')}</p>
              ) : (
                <>
                  <GroupInvoiceForm groupId={g.id} maxSeats={g.maxSeats} />
                  {choices.length ? <GroupEnrolForm groupId={g.id} employees={choices} /> : <p className="mt-3 text-sm text-muted">{t('noRoster')}</p>}
                </>
              )}
            </div>
          </PortalCard>
        );
      })}
    </div>
  );
}
