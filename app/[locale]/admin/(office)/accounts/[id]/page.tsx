import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { UnblockButton } from '@/components/admin/accounts/unblock-button';
import { TeachesGroupsToggle } from '@/components/admin/groups/group-actions';
import { formatDate, formatDateTime } from '@/components/admin/ui/format';
import { ReasonAction } from '@/components/admin/ui/reason-action';
import { Facts, Section } from '@/components/admin/ui/section';
import { BackLink, Badge, cellClass, DataTable, EmptyState, PageHeader } from '@/components/admin/ui/table';
import { accountDetail } from '@/lib/accounts-admin/detail';
import { getDb } from '@/lib/db/client';
import { tutorTeachesGroups } from '@/lib/groups/admin';
import { formatKzPhone } from '@/lib/phone';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';

type Props = { params: Promise<{ locale: Locale; id: string }> };

const utmText = (u: Record<string, string>) =>
  Object.entries(u)
    .map(([k, v]) => `${k.replace(/^utm_/, '')}=${v}`)
    .join(', ') || '—';

/** One account: profile with the whole phone (the view is audit-logged), leads, tests, sessions; block for admins. */
export default async function AccountPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const { staff, actor } = await requireStaffPage(locale, 'sales', `/admin/accounts/${rawId}`);
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  if (!id) notFound();
  const db = await getDb();
  const detail = await accountDetail(db, actor, id);
  if (!detail) notFound();
  const teachesGroups = detail.profile.role === 'tutor' ? await tutorTeachesGroups(db, id) : null;
  const t = await getTranslations('Admin');
  const { profile: p, leads, tests, sessions, application } = detail;
  const isAdmin = staff.scopes.includes('admin');
  const fullName = [p.lastname, p.name, p.secondname].filter(Boolean).join(' ');
  return (
    <>
      <BackLink href={localePath(locale, '/admin/accounts')}>{t('accounts.back')}</BackLink>
      <PageHeader
        title={fullName}
        lead={t('accounts.viewLogged')}
        actions={p.blockedAt ? <Badge tone="bad">{t('accounts.blocked')}</Badge> : <Badge tone="good">{t('accounts.active')}</Badge>}
      />

      <Section id="profile" title={t('accounts.profile')}>
        <Facts
          items={[
            { label: t('accounts.role'), value: t(`accounts.roles.${p.role}`) },
            { label: t('accounts.phone'), value: <span className="font-mono" data-testid="account-phone">{formatKzPhone(p.phone)}</span> },
            { label: t('accounts.email'), value: p.email ?? t('common.none') },
            { label: t('accounts.locale'), value: p.locale },
            { label: t('accounts.registered'), value: formatDateTime(locale, p.createdAt) },
            ...(p.role === 'tutor' ? [{ label: t('accounts.subject'), value: [p.subject, p.teachingLanguage].filter(Boolean).join(' · ') || t('common.none') }] : []),
            { label: t('accounts.utmFirst'), value: utmText(p.utmFirst), wide: true },
            { label: t('accounts.utmLast'), value: utmText(p.utmLast), wide: true },
          ]}
        />
      </Section>

      <Section id="block" title={t('accounts.blockTitle')}>
        <div className="rounded-xl border border-line bg-white p-4">
          {p.blockedAt ? (
            <p className="font-medium text-danger" data-testid="account-blocked">
              {t('accounts.blockedSince', { date: formatDateTime(locale, p.blockedAt), reason: p.blockReason ?? '—' })}
            </p>
          ) : (
            <p className="text-sm text-muted">{t('accounts.blockLead')}</p>
          )}
          <div className="mt-3">
            {!isAdmin ? (
              <p className="text-sm text-muted">{t('accounts.readOnly')}</p>
            ) : p.blockedAt ? (
              <UnblockButton url={`/api/admin/accounts/${p.id}/unblock`} labels={{ unblock: t('accounts.unblock'), done: t('accounts.unblockedDone') }} />
            ) : (
              <ReasonAction
                url={`/api/admin/accounts/${p.id}/block`}
                labels={{
                  open: t('accounts.block'),
                  title: `${t('accounts.block')}: ${fullName}`,
                  text: t('accounts.blockLead'),
                  reason: t('accounts.reason'),
                  hint: t('accounts.reasonHint'),
                  confirm: t('accounts.block'),
                  cancel: t('common.cancel'),
                  done: t('accounts.blockedDone'),
                }}
              />
            )}
          </div>
        </div>
      </Section>

      {p.role === 'tutor' && (
        <Section id="application" title={t('accounts.application')}>
          {application ? (
            <Facts
              items={[
                { label: t('accounts.status'), value: t(`accounts.applicationStatus.${application.status}`) },
                { label: t('accounts.submittedAt'), value: formatDateTime(locale, application.submittedAt) },
                { label: t('accounts.reviewDue'), value: formatDateTime(locale, application.reviewDueAt) },
                { label: t('accounts.round'), value: application.round },
              ]}
            />
          ) : (
            <p className="text-sm text-muted">{t('accounts.applicationNone')}</p>
          )}
          {teachesGroups !== null && (
            <div className="mt-3">
              <TeachesGroupsToggle tutorId={id} teaches={teachesGroups} labels={{ label: t('groups.teaches'), on: t('groups.teachesOn'), off: t('groups.teachesOff') }} />
              <p className="mt-1 text-xs text-muted">{t('groups.teachesHint')}</p>
            </div>
          )}
        </Section>
      )}

      <Section id="leads" title={t('accounts.leads')}>
        <DataTable
          caption={t('accounts.leads')}
          head={[t('common.date'), t('accounts.leadKind'), t('accounts.leadStatus'), t('accounts.leadPlan'), t('accounts.leadPage')]}
          empty={leads.length === 0 ? <EmptyState>{t('accounts.leadsEmpty')}</EmptyState> : undefined}
        >
          {leads.map((l) => (
            <tr key={l.id}>
              <td className={`${cellClass} whitespace-nowrap`}>
                <Link href={localePath(locale, `/admin/leads/${l.id}`)} prefetch={false} className="text-brand-dark hover:underline">
                  {formatDateTime(locale, l.createdAt)}
                </Link>
              </td>
              <td className={cellClass}>{t.has(`accounts.leadKinds.${l.kind}` as never) ? t(`accounts.leadKinds.${l.kind}` as never) : l.kind}</td>
              <td className={cellClass}>{t.has(`accounts.leadStatuses.${l.status}` as never) ? t(`accounts.leadStatuses.${l.status}` as never) : l.status}</td>
              <td className={cellClass}>
                {[l.plan, l.promoCode && (l.promoApplied === false ? t('accounts.promoNotApplied', { code: l.promoCode }) : l.promoCode)].filter(Boolean).join(' · ') || t('common.none')}
              </td>
              <td className={`${cellClass} break-all`}>{l.page}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section id="tests" title={t('accounts.tests')}>
        <DataTable
          caption={t('accounts.tests')}
          head={[t('accounts.started'), t('accounts.testKind'), t('accounts.state'), t('accounts.level'), t('accounts.certificate')]}
          empty={tests.length === 0 ? <EmptyState>{t('accounts.testsEmpty')}</EmptyState> : undefined}
        >
          {tests.map((x) => (
            <tr key={x.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(locale, x.createdAt)}</td>
              <td className={cellClass}>{t(`accounts.kinds.${x.kind}`)}</td>
              <td className={cellClass}>
                {x.annulledAt ? (
                  <Badge tone="bad">{t('accounts.annulled')}</Badge>
                ) : x.status === 'finished' ? (
                  `${t('accounts.finished')} ${formatDate(locale, x.finishedAt)}`
                ) : (
                  t('accounts.inProgress')
                )}
              </td>
              <td className={cellClass}>{x.level ?? t('common.none')}</td>
              <td className={cellClass}>
                {x.certificate ? (
                  <>
                    <a href={localePath(locale, `/certificate/${x.certificate.number}`)} className="font-mono text-brand-dark hover:underline">
                      {x.certificate.number}
                    </a>
                    {x.certificate.revokedAt && <span className="ml-1 text-danger">({t('accounts.revoked')})</span>}
                  </>
                ) : (
                  t('common.none')
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section id="sessions" title={t('accounts.sessions')}>
        <DataTable
          caption={t('accounts.sessions')}
          head={[t('accounts.sessionId'), t('accounts.sessionStarted'), t('accounts.sessionLastUsed'), t('accounts.state')]}
          empty={sessions.length === 0 ? <EmptyState>{t('accounts.sessionsEmpty')}</EmptyState> : undefined}
        >
          {sessions.map((s) => (
            <tr key={s.id}>
              <td className={`${cellClass} font-mono`}>{s.id}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(locale, s.startedAt)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(locale, s.lastUsedAt)}</td>
              <td className={cellClass}>
                {s.state === 'active' ? (
                  <Badge tone="good">{t('accounts.sessionStates.active')}</Badge>
                ) : s.state === 'revoked' ? (
                  t('accounts.sessionStates.revoked', { date: formatDateTime(locale, s.revokedAt) })
                ) : (
                  t('accounts.sessionStates.expired')
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>
    </>
  );
}
