import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { GroupAction } from '@/components/admin/groups/group-actions';
import { GroupForm } from '@/components/admin/groups/group-form';
import { groupWords } from '@/components/admin/groups/labels';
import { GROUP_TONES } from '@/components/admin/groups/tones';
import { formatDate, formatDateTime } from '@/components/admin/ui/format';
import { ReasonAction } from '@/components/admin/ui/reason-action';
import { Facts, Section } from '@/components/admin/ui/section';
import { BackLink, Badge, DataTable, EmptyState, PageHeader, cellClass } from '@/components/admin/ui/table';
import { companyOptions } from '@/lib/companies/admin';
import { getDb } from '@/lib/db/client';
import { groupTutors, staffGroupDetail, staffGroups } from '@/lib/groups/admin';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { schoolNoon } from '@/lib/time/school-clock';
import { formatClock } from '@/lib/validations/groups';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/**
 * One group (sales, admin): its figures, its students' seats (each movable to another group), its
 * lessons (each cancelled or rescheduled for everyone), and what changes the whole group: open a
 * draft for sale, merge it into another, cancel it (the page says who is refunded what first), edit.
 */
export default async function GroupPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'sales', `/admin/groups/${rawId}`);
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const db = await getDb();
  const detail = id ? await staffGroupDetail(db, id) : null;
  if (!detail) notFound();
  const t = await getTranslations('Admin.groups');
  const tc = await getTranslations('Admin.common');
  const w = await groupWords();
  const g = detail.group;
  const live = g.status !== 'cancelled' && g.status !== 'finished';
  const others = live ? (await staffGroups(db)).filter((o) => o.id !== g.id && (o.status === 'open' || o.status === 'running') && o.subject === g.subject) : [];
  const otherOptions: [number, string][] = others.map((o) => [o.id, `${w.title(o)} · ${w.days(o.weekdays)} ${formatClock(o.startMinute)} · ${o.tutorName} · ${o.paid + o.held}/${o.maxSeats}`]);
  const paid = detail.seats.filter((s) => s.status === 'paid');
  // Card refunds only: an employee's seat goes back to its company's group money.
  const refundAll = paid.filter((s) => !s.corporate).reduce((sum, s) => sum + s.refundNowTiyn, 0);
  const corporate = paid.filter((s) => s.corporate).length;
  const actionLabels = { cancel: tc('cancel') };
  const title = w.title(g);
  const companies = (await companyOptions(db)).filter((c) => c.active || c.id === g.companyId).map((c) => ({ id: c.id, name: c.name }));
  const tutors = await groupTutors(db);
  if (!tutors.some((tu) => tu.id === g.tutorId)) tutors.unshift({ id: g.tutorId, name: detail.tutorName });
  return (
    <>
      <BackLink href={localePath(locale, '/admin/groups')}>{t('back')}</BackLink>
      <PageHeader
        title={`${title} · ${w.ages[g.ageBand]}`}
        actions={
          <>
            <span data-testid="group-status">
              <Badge tone={GROUP_TONES[g.status]}>{t(`statuses.${g.status}`)}</Badge>
            </span>
            {g.status === 'draft' && (
              <GroupAction url={`/api/admin/groups/${g.id}/open`} labels={{ open: t('openSale'), title: t('openTitle'), confirm: t('openConfirm'), done: t('openDone'), ...actionLabels }}>
                <p>{g.companyId ? t('openTextCompany', { company: detail.companyName ?? '' }) : t('openText')}</p>
              </GroupAction>
            )}
            {live && (
              <GroupAction
                url={`/api/admin/groups/${g.id}/merge`}
                labels={{ open: t('merge'), title: t('mergeTitle'), confirm: t('mergeConfirm'), done: t('mergeDone'), ...actionLabels }}
                ask={{ kind: 'choice', name: 'into', label: t('into'), options: otherOptions, empty: t('noOtherGroups') }}
              >
                <p>{t('mergeText', { count: paid.length })}</p>
              </GroupAction>
            )}
            {live && (
              <ReasonAction
                url={`/api/admin/groups/${g.id}/cancel`}
                labels={{
                  open: t('cancelGroup'),
                  title: t('cancelTitle'),
                  text: `${t('cancelText', { count: paid.length, total: formatTiyn(refundAll, locale) })}${corporate ? ` ${t('cancelCorporate', { count: corporate })}` : ''}`,
                  reason: t('reason'),
                  hint: t('reasonHint'),
                  confirm: t('cancelConfirm'),
                  cancel: tc('cancel'),
                  done: t('cancelDone'),
                }}
              />
            )}
          </>
        }
      />
      <Facts
        items={[
          { label: t('tutor'), value: detail.tutorName },
          { label: t('when'), value: `${w.days(g.weekdays)}, ${formatClock(g.startMinute)} · ${t('minutes', { count: g.durationMinutes })}` },
          { label: t('startDate'), value: `${formatDate(locale, schoolNoon(g.startDate))} · ${t('lessonsCount', { count: g.lessonsCount })}` },
          { label: t('fill'), value: t('fillOf', { taken: detail.seats.length, max: g.maxSeats }) + ` · ${t('minShort', { min: g.minSeats })}` },
          { label: t('price'), value: formatTiyn(g.pricePerLessonTiyn, locale) },
          { label: t('waitlist'), value: detail.waiting },
          { label: t('company'), value: detail.companyName ?? t('public') },
        ]}
      />
      <Section id="seats" title={t('seats')}>
        <DataTable
          caption={t('seats')}
          head={[t('student'), t('status'), t('seatLessons'), t('paid'), t('refundNow'), tc('actions')]}
          empty={detail.seats.length ? undefined : <EmptyState>{g.status === 'draft' ? t('noSeatsDraft') : t('noSeats')}</EmptyState>}
        >
          {detail.seats.map((s) => (
            <tr key={s.id} data-testid={`seat-${s.id}`}>
              <td className={cellClass}>{s.name}</td>
              <td className={cellClass}>{s.status === 'paid' ? (s.corporate ? t('seatCorporate') : t('seatPaid')) : t('seatHeld')}</td>
              <td className={`${cellClass} tabular-nums`}>{s.lessons}</td>
              <td className={`${cellClass} tabular-nums`}>{formatTiyn(s.amountTiyn, locale)}</td>
              <td className={`${cellClass} tabular-nums`}>{s.corporate ? '—' : formatTiyn(s.refundNowTiyn, locale)}</td>
              <td className={cellClass}>
                {s.status === 'paid' && live && (
                  <GroupAction
                    small
                    context={s.name}
                    url={`/api/admin/groups/seats/${s.id}/move`}
                    labels={{ open: t('moveSeat'), title: t('moveSeatTitle', { name: s.name }), confirm: t('moveSeatConfirm'), done: t('moveSeatDone'), ...actionLabels }}
                    ask={{ kind: 'choice', name: 'into', label: t('into'), options: otherOptions, empty: t('noOtherGroups') }}
                  >
                    <p>{t('moveSeatText')}</p>
                  </GroupAction>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section id="lessons" title={t('lessonsTitle')}>
        <DataTable caption={t('lessonsTitle')} head={[t('lessonAt'), t('status'), tc('actions')]} empty={detail.lessons.length ? undefined : <EmptyState>{t('noLessons')}</EmptyState>}>
          {detail.lessons.map((l) => {
            const at = formatDateTime(locale, l.startsAt);
            const changeable = l.changeable;
            return (
              <tr key={l.id} data-testid={`group-lesson-${l.id}`}>
                <td className={`${cellClass} whitespace-nowrap`}>{at}</td>
                <td className={cellClass}>{t(`lessonStatuses.${l.status === 'hold' || l.status === 'booked' || l.status === 'cancelled' ? l.status : l.status === 'held' ? 'held' : 'other'}`)}</td>
                <td className={cellClass}>
                  {changeable && (
                    <div className="flex flex-wrap gap-2">
                      <GroupAction
                        small
                        context={at}
                        url={`/api/admin/groups/lessons/${l.id}/move`}
                        labels={{ open: t('reschedule'), title: t('rescheduleTitle', { at }), confirm: t('rescheduleConfirm'), done: t('rescheduleDone'), ...actionLabels }}
                        ask={{ kind: 'datetime', label: t('newStart'), hint: t('newStartHint') }}
                      >
                        <p>{t('rescheduleText')}</p>
                      </GroupAction>
                      <ReasonAction
                        small
                        context={at}
                        url={`/api/admin/groups/lessons/${l.id}/cancel`}
                        labels={{ open: t('cancelLesson'), title: t('cancelLessonTitle', { at }), text: t('cancelLessonText', { count: paid.length }), reason: t('reason'), hint: t('reasonHint'), confirm: t('cancelLessonConfirm'), cancel: tc('cancel'), done: t('cancelLessonDone') }}
                      />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </Section>
      {live && (
        <Section id="edit" title={t('edit')}>
          <p className="mb-2 text-sm text-muted">{t('editHint')}</p>
          <GroupForm
            options={{ subjects: w.subjects, ages: w.ages, weekdays: w.weekdays, tutors, companies }}
            group={{
              id: g.id,
              subject: g.subject,
              level: g.level,
              ageBand: g.ageBand,
              tutorId: g.tutorId,
              weekdays: g.weekdays,
              startTime: formatClock(g.startMinute),
              durationMinutes: g.durationMinutes,
              startDate: g.startDate,
              lessons: g.lessonsCount,
              minSeats: g.minSeats,
              maxSeats: g.maxSeats,
              pricePerLesson: Math.round(g.pricePerLessonTiyn / 100),
              description: g.description,
              companyId: g.companyId,
            }}
          />
        </Section>
      )}
    </>
  );
}
