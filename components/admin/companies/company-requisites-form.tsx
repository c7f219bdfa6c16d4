'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/i18n/navigation';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { adminInputClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';

/** The requisites a company's invoices, acts of completed work and reconciliation statements carry. */
export interface CompanyRequisites {
  bin: string | null;
  legalAddress: string | null;
  bankIban: string | null;
  bankName: string | null;
  bankBic: string | null;
  kbe: string | null;
  signatoryName: string | null;
  signatoryPosition: string | null;
  contractNumber: string | null;
  contractDate: string | null;
}

type Key = keyof CompanyRequisites;
const FIELDS: { key: Key; mono?: boolean; max: number; type?: 'date'; inputMode?: 'numeric'; autoComplete?: string }[] = [
  { key: 'bin', mono: true, max: 12, inputMode: 'numeric' },
  { key: 'legalAddress', max: 300, autoComplete: 'street-address' },
  { key: 'bankIban', mono: true, max: 34 },
  { key: 'bankName', max: 200 },
  { key: 'bankBic', mono: true, max: 11 },
  { key: 'kbe', mono: true, max: 2, inputMode: 'numeric' },
  { key: 'signatoryName', max: 200 },
  { key: 'signatoryPosition', max: 100 },
  { key: 'contractNumber', max: 50 },
  { key: 'contractDate', max: 10, type: 'date' },
];

/**
 * The company's requisites for its lesson-pool documents (docs/payments.md, "Company lesson pools"):
 * BIN and legal address (HR cannot order a pool until the BIN is set), the bank account (ИИК), its
 * bank and БИК, the beneficiary code (Кбе), who signs for the company, the contract's number and
 * date (without one, the documents name the public offer). Empty clears. The server checks each
 * field (BIN 12 digits, a Kazakh IBAN with its check digits, БИК, Кбе two digits) and answers in the
 * page's language, field by field.
 */
export function CompanyRequisitesForm({ company }: { company: { id: number } & CompanyRequisites }) {
  const t = useTranslations('Admin.companies');
  const locale = useLocale();
  const router = useRouter();
  const [values, setValues] = useState<Record<Key, string>>(() => Object.fromEntries(FIELDS.map((f) => [f.key, company[f.key] ?? ''])) as Record<Key, string>);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function save() {
    // The BIN's rule said on the field before anything is sent (lib/validations/companies.ts).
    const bin = values.bin.trim();
    if (bin && !/^\d{12}$/.test(bin)) return setErrors({ bin: 'bin_format' });
    setPending(true);
    setStatus(null);
    setErrors({});
    try {
      const body = Object.fromEntries(FIELDS.map((f) => [f.key, values[f.key].trim() || null]));
      await fetchJson(`/api/admin/companies/${company.id}`, { method: 'PATCH', body, locale });
      setStatus({ ok: true, text: t('saved') });
      router.refresh();
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) setErrors(err.fields as Partial<Record<Key, string>>);
      setStatus({ ok: false, text: err instanceof ApiCallError ? err.message : String(err) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="mt-6 max-w-xl space-y-4 rounded-xl border border-line bg-white p-4"
      aria-labelledby="company-requisites-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id="company-requisites-title" className="font-semibold">
        {t('requisitesTitle')}
      </h3>
      <p className="text-sm text-muted">{t('requisitesHint')}</p>
      {FIELDS.map((f) => {
        const id = `company-${f.key}`;
        return (
          <AdminField key={f.key} id={id} label={t(`requisite.${f.key}`)} error={errors[f.key]}>
            <input
              id={id}
              type={f.type ?? 'text'}
              className={`${adminInputClass}${f.mono ? ' font-mono' : ''}`}
              maxLength={f.max}
              inputMode={f.inputMode}
              autoComplete={f.autoComplete ?? 'off'}
              value={values[f.key]}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              {...describedBy(id, errors[f.key])}
            />
          </AdminField>
        );
      })}
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
