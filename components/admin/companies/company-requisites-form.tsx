'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiAction } from '@/components/ui/use-api-action';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { adminInputClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';

/**
 * The company's BIN and legal address, which its lesson-pool invoices carry (docs/payments.md,
 * "Company lesson pools"): HR cannot order a pool until the BIN is set. Empty clears. The server
 * checks the BIN (12 digits) and answers in the page's language.
 */
export function CompanyRequisitesForm({ company }: { company: { id: number; bin: string | null; legalAddress: string | null } }) {
  const t = useTranslations('Admin.companies');
  const [bin, setBin] = useState(company.bin ?? '');
  const [address, setAddress] = useState(company.legalAddress ?? '');
  const [binError, setBinError] = useState<string | undefined>();
  const { pending, status, submit } = useApiAction();
  return (
    <form
      className="mt-6 max-w-xl space-y-4 rounded-xl border border-line bg-white p-4"
      aria-labelledby="company-requisites-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // The server's rule (lib/validations/companies.ts), said on the field before anything is sent.
        const value = bin.trim();
        if (value && !/^\d{12}$/.test(value)) return setBinError('bin_format');
        setBinError(undefined);
        void submit(`/api/admin/companies/${company.id}`, { bin: value || null, legalAddress: address.trim() || null }, t('saved'), 'PATCH');
      }}
    >
      <h3 id="company-requisites-title" className="font-semibold">
        {t('requisitesTitle')}
      </h3>
      <p className="text-sm text-muted">{t('requisitesHint')}</p>
      <AdminField id="company-bin" label={t('bin')} error={binError}>
        <input
          id="company-bin"
          className={`${adminInputClass} font-mono`}
          inputMode="numeric"
          maxLength={12}
          autoComplete="off"
          value={bin}
          onChange={(e) => setBin(e.target.value)}
          {...describedBy('company-bin', binError)}
        />
      </AdminField>
      <AdminField id="company-address" label={t('legalAddress')}>
        <input id="company-address" className={adminInputClass} maxLength={300} autoComplete="street-address" value={address} onChange={(e) => setAddress(e.target.value)} />
      </AdminField>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={adminSecondaryButtonClass} disabled={pending} aria-busy={pending}>
          {t('saveRequisites')}
        </button>
        <p role="status" className={`text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`}>
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
