'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useLocale, useRouter } from '@/i18n/navigation';
import { PLAN_IDS } from '@/lib/validations/lead';
import { promoCreateSchema, promoEditSchema } from '@/lib/validations/promo-admin';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { FormFooter, adminInputClass } from '@/components/admin/ui/form';

export interface PromoFormValues {
  code: string;
  percentOff: number;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  plans: string[];
  campaign: string | null;
  active: boolean;
}

const FIELDS = ['code', 'percentOff', 'validFrom', 'validUntil', 'maxUses', 'plans', 'campaign', 'active'] as const;
const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * Creates a promo code (then opens the list) or edits one (every field but the code). The same zod
 * schema checks the values here and on the server; what only the server knows (a taken code) comes
 * back as a field message.
 */
export function PromoForm({ promo, planNames }: { promo?: PromoFormValues & { id: number }; planNames: Record<string, string> }) {
  const t = useTranslations('Admin.promo');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const schema = promo ? promoEditSchema : promoCreateSchema;
  const { register, handleSubmit, formState, setError } = useForm<PromoFormValues>({
    // Raw values go to the server (days as "2026-05-01"): it parses them with the same schema.
    resolver: zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<PromoFormValues>,
    mode: 'onTouched',
    defaultValues: promo ?? { code: '', percentOff: 10, validFrom: null, validUntil: null, maxUses: null, plans: [], campaign: null, active: true },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const { code, ...rest } = values;
    try {
      if (promo) {
        await fetchJson(`/api/admin/promo/${promo.id}`, { method: 'PATCH', body: rest, locale });
        setStatus({ ok: true, text: t('saved') });
        router.refresh();
      } else {
        await fetchJson('/api/admin/promo', { body: { code, ...rest }, locale });
        router.push('/admin/promo');
        router.refresh();
      }
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) {
          const name = field.split('.')[0] as (typeof FIELDS)[number];
          if (FIELDS.includes(name)) setError(name, { message });
        }
      }
      setStatus({ ok: false, text: err instanceof Error ? err.message : tc('error') });
    }
  });
  const e = (name: keyof PromoFormValues) => errors[name]?.message as string | undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4 rounded-xl border border-line bg-white p-4">
      {!promo && (
        <AdminField id="promo-code" label={t('code')} error={e('code')} hint={t('codeHint')}>
          <input
            id="promo-code"
            className={`${adminInputClass} font-mono uppercase`}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            {...describedBy('promo-code', e('code'), true)}
            {...register('code')}
          />
        </AdminField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminField id="promo-percent" label={t('percent')} error={e('percentOff')}>
          <input id="promo-percent" type="number" inputMode="numeric" min={1} max={100} className={adminInputClass} {...describedBy('promo-percent', e('percentOff'))} {...register('percentOff', { setValueAs: toNumber })} />
        </AdminField>
        <AdminField id="promo-max" label={t('maxUses')} error={e('maxUses')} hint={t('maxUsesHint')}>
          <input id="promo-max" type="number" inputMode="numeric" min={1} className={adminInputClass} {...describedBy('promo-max', e('maxUses'), true)} {...register('maxUses', { setValueAs: toNumber })} />
        </AdminField>
        <AdminField id="promo-from" label={t('validFrom')} error={e('validFrom')} hint={t('datesHint')}>
          <input id="promo-from" type="date" className={adminInputClass} {...describedBy('promo-from', e('validFrom'), true)} {...register('validFrom', { setValueAs: emptyToNull })} />
        </AdminField>
        <AdminField id="promo-until" label={t('validUntil')} error={e('validUntil')} hint={t('datesHint')}>
          <input id="promo-until" type="date" className={adminInputClass} {...describedBy('promo-until', e('validUntil'), true)} {...register('validUntil', { setValueAs: emptyToNull })} />
        </AdminField>
      </div>
      <fieldset aria-describedby="promo-plans-hint">
        <legend className="mb-1 text-sm font-medium">{t('plans')}</legend>
        <div className="flex flex-wrap gap-4">
          {PLAN_IDS.map((id) => (
            <label key={id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={id} className="size-4" {...register('plans')} />
              {planNames[id] ?? id}
            </label>
          ))}
        </div>
        <p id="promo-plans-hint" className="mt-1 text-xs text-muted">
          {t('plansHint')}
        </p>
        {e('plans') && <p className="mt-1 text-sm text-danger">{e('plans')}</p>}
      </fieldset>
      <AdminField id="promo-campaign" label={t('campaign')} error={e('campaign')} hint={t('campaignHint')}>
        <input id="promo-campaign" className={adminInputClass} maxLength={80} {...describedBy('promo-campaign', e('campaign'), true)} {...register('campaign', { setValueAs: emptyToNull })} />
      </AdminField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('active')} />
        {t('active')}
      </label>
      <FormFooter label={promo ? tc('save') : t('create')} submitting={formState.isSubmitting} status={status} />
    </form>
  );
}
