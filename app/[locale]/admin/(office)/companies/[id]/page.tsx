import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { CompanyForm } from '@/components/admin/companies/company-form';
import { CompanyRequisitesForm } from '@/components/admin/companies/company-requisites-form';
import { HrUserActions } from '@/components/admin/companies/hr-user-actions';
import { HrUserForm } from '@/components/admin/companies/hr-user-form';
import { CopyButton } from '@/components/admin/ui/copy-button';
import { Facts, Section } from '@/components/admin/ui/section';
import { BackLink, Badge, cellClass, DataTable, PageHeader } from '@/components/admin/ui/table';
import { companyDetail } from '@/lib/companies/admin';
import { viewHrUsers } from '@/lib/company-portal/accounts';
import { maskPhone } from '@/lib/mask';
import { getDb } from '@/lib/db/client';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/** A company: its test links in the three languages (copy buttons), its counts; admins edit it. */
export default async function CompanyPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const { staff, actor } = await requireStaffPage(locale, 'sales', `/admin/companies/${rawId}`);
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const db = await getDb();
  const company = id ? await companyDetail(db, id) : null;
  if (!company) notFound();
  const hrUsers = await viewHrUsers(db, actor, company.id);
  const t = await getTranslations('Admin.companies');
  const th = await getTranslations('Admin.companies.hr');
  const isAdmin = staff.scopes.includes('admin');
  return (
    <>
      <BackLink href={localePath(locale, '/admin/companies')}>{t('back')}</BackLink>
      <PageHeader
        title={company.name}
        actions={company.active ? <Badge tone="good">{t('stateActive')}</Badge> : <Badge tone="warn">{t('stateInactive')}</Badge>}
      />

      <Section id="links" title={t('links')}>
        <p className={`mb-3 text-sm ${company.active ? 'text-muted' : 'font-medium text-danger'}`}>{company.active ? t('linksLead') : t('linksInactive')}</p>
        <ul className="space-y-3">
          {company.links.map((l) => (
            <li key={l.locale} className="rounded-xl border border-line bg-white p-3">
              <p className="mb-2 text-sm font-semibold">{t(`linkLocale.${l.locale}`)}</p>
              {(
                [
                  ['kazakhLink', l.kazakh],
                  ['placementLink', l.placement],
                ] as const
              ).map(([key, url]) => (
                <div key={key} className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span className="w-40 shrink-0 text-muted">{t(key)}</span>
                  <code className="min-w-0 flex-1 break-all" data-testid={`link-${l.locale}-${key}`}>
                    {url}
                  </code>
                  <CopyButton text={url} label={t('copy')} copied={t('copied')} srLabel={t('copyLabel', { what: `${t(key)}, ${t(`linkLocale.${l.locale}`)}` })} />
                </div>
              ))}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="counts" title={t('counts')}>
        <Facts
          items={[
            { label: t('takers'), value: <span className="tabular-nums">{company.takers}</span> },
            { label: t('certificates'), value: <span className="tabular-nums">{company.certificates}</span> },
            { label: t('placements'), value: <span className="tabular-nums">{company.placements}</span> },
            {
              label: t('slug'),
              value: <span className="font-mono">{company.slug}</span>,
            },
          ]}
        />
        <p className="mt-2 text-sm">
          <Link href={`${localePath(locale, '/admin/tests')}?company=${company.id}`} className="text-brand-dark hover:underline">
            {t('results')}
          </Link>
        </p>
      </Section>

      <Section id="hr" title={th('title')}>
        <p className="mb-3 text-sm text-muted">{th('lead')}</p>
        <DataTable
          caption={th('title')}
          head={[th('name'), th('email'), th('phone'), th('state'), '']}
          empty={hrUsers.length === 0 ? <p className="px-3 py-4 text-sm text-muted">{th('empty')}</p> : undefined}
        >
          {hrUsers.map((u) => (
            <tr key={u.id}>
              <td className={cellClass}>{u.name}</td>
              <td className={`${cellClass} break-all`}>{u.email}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{maskPhone(u.phone)}</td>
              <td className={cellClass}>
                {u.disabled ? (
                  <Badge tone="warn">{th('stateDisabled')}</Badge>
                ) : u.passwordSet ? (
                  <Badge tone="good">{u.totp ? th('stateTotp') : th('stateActive')}</Badge>
                ) : u.linkPending ? (
                  <Badge>{th('stateInvited')}</Badge>
                ) : (
                  <Badge tone="warn">{th('stateLinkExpired')}</Badge>
                )}
              </td>
              <td className={cellClass}>{isAdmin && <HrUserActions companyId={company.id} user={{ id: u.id, name: u.name, disabled: u.disabled }} />}</td>
            </tr>
          ))}
        </DataTable>
        {isAdmin ? (
          <>
            <h3 className="mt-6 mb-2 font-semibold">{th('new')}</h3>
            <HrUserForm companyId={company.id} />
          </>
        ) : (
          <p className="mt-4 text-sm text-muted">{th('adminOnly')}</p>
        )}
      </Section>

      <Section id="edit" title={t('edit')}>
        {isAdmin ? (
          <>
            <CompanyForm company={{ id: company.id, name: company.name, slug: company.slug, active: company.active, rosterOnly: company.rosterOnly }} />
            <CompanyRequisitesForm
              company={{
                id: company.id,
                bin: company.bin,
                legalAddress: company.legalAddress,
                bankIban: company.bankIban,
                bankName: company.bankName,
                bankBic: company.bankBic,
                kbe: company.kbe,
                signatoryName: company.signatoryName,
                signatoryPosition: company.signatoryPosition,
                contractNumber: company.contractNumber,
                contractDate: company.contractDate,
              }}
            />
          </>
        ) : (
          <p className="text-sm text-muted">{t('readOnly')}</p>
        )}
      </Section>
    </>
  );
}
