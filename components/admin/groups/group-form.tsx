'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { AGE_BANDS, GROUP_LEVELS, GROUP_MAX_SEATS, GROUP_SUBJECTS, groupSchema } from '@/lib/validations/groups';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { FormFooter, adminInputClass } from '@/components/admin/ui/form';

export interface GroupFormValues {
  subject: string;
  level: string;
  ageBand: string;
  tutorId: number | null;
  weekdays: number[];
  startTime: string;
  durationMinutes: number;
  startDate: string;
  lessons: number;
  minSeats: number;
  maxSeats: number;
  pricePerLesson: number;
  description: string;
  companyId: number | null;
}

export interface GroupFormOptions {
  subjects: Record<string, string>;
  ages: Record<string, string>;
  /** ISO weekday → its short name. */
  weekdays: Record<string, string>;
  /** The tutors who teach groups (a group's own tutor is kept in the list when editing). */
  tutors: { id: number; name: string }[];
  companies: { id: number; name: string }[];
}

const FIELDS = ['subject', 'level', 'ageBand', 'tutorId', 'weekdays', 'startTime', 'durationMinutes', 'startDate', 'lessons', 'minSeats', 'maxSeats', 'pricePerLesson', 'description', 'companyId'] as const;
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * Creates a group as a draft (then opens its page) or edits one. The zod `groupSchema` checks the
 * values here and on the server; what only the server knows (the tutor busy at one of the times,
 * a change a group with students cannot take) comes back as a field message or the form's status.
 */
export function GroupForm({ group, options }: { group?: GroupFormValues & { id: number }; options: GroupFormOptions }) {
  const t = useTranslations('Admin.groups');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, control } = useForm<GroupFormValues>({
    resolver: zodResolver(groupSchema as never, undefined, { raw: true }) as unknown as Resolver<GroupFormValues>,
    mode: 'onTouched',
    defaultValues: group ?? {
      subject: 'english',
      level: 'A1',
      ageBand: 'adults',
      tutorId: options.tutors[0]?.id ?? null,
      weekdays: [],
      startTime: '18:30',
      durationMinutes: 60,
      startDate: '',
      lessons: 12,
      minSeats: 3,
      maxSeats: GROUP_MAX_SEATS,
      pricePerLesson: 3500,
      description: '',
      companyId: null,
    },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      if (group) {
        await fetchJson(`/api/admin/groups/${group.id}`, { method: 'PUT', body: values, locale });
        setStatus({ ok: true, text: tc('saved') });
        router.refresh();
      } else {
        const res = await fetchJson<{ group: { id: number } }>('/api/admin/groups', { body: values, locale });
        router.push(`/admin/groups/${res.group.id}`);
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
  const e = (name: keyof GroupFormValues) => errors[name]?.message as string | undefined;
  const select = (name: 'subject' | 'level' | 'ageBand', label: string, values: readonly string[], names?: Record<string, string>) => (
    <AdminField id={`group-${name}`} label={label} error={e(name)}>
      <select id={`group-${name}`} className={adminInputClass} {...describedBy(`group-${name}`, e(name))} {...register(name)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {names?.[v] ?? v}
          </option>
        ))}
      </select>
    </AdminField>
  );
  const number = (name: 'durationMinutes' | 'lessons' | 'minSeats' | 'maxSeats' | 'pricePerLesson', label: string, hint?: string) => (
    <AdminField id={`group-${name}`} label={label} error={e(name)} hint={hint}>
      <input id={`group-${name}`} type="number" inputMode="numeric" className={adminInputClass} {...describedBy(`group-${name}`, e(name), !!hint)} {...register(name, { setValueAs: toNumber })} />
    </AdminField>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-4 rounded-xl border border-line bg-white p-4" data-testid="group-form">
      <div className="grid gap-4 sm:grid-cols-3">
        {select('subject', t('subject'), GROUP_SUBJECTS, options.subjects)}
        {select('level', t('level'), GROUP_LEVELS)}
        {select('ageBand', t('age'), AGE_BANDS, options.ages)}
      </div>
      <AdminField id="group-tutor" label={t('tutor')} error={e('tutorId')} hint={t('tutorHint')}>
        <select id="group-tutor" className={adminInputClass} {...describedBy('group-tutor', e('tutorId'), true)} {...register('tutorId', { setValueAs: toNumber })}>
          {options.tutors.length === 0 && <option value="">{t('noTutors')}</option>}
          {options.tutors.map((tu) => (
            <option key={tu.id} value={tu.id}>
              {tu.name}
            </option>
          ))}
        </select>
      </AdminField>
      <Controller
        control={control}
        name="weekdays"
        render={({ field }) => (
          <fieldset aria-describedby={e('weekdays') ? 'group-weekdays-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">{t('weekdays')}</legend>
            <div className="flex flex-wrap gap-3">
              {Object.entries(options.weekdays).map(([d, name]) => (
                <label key={d} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={field.value.includes(Number(d))}
                    onChange={(ev) => field.onChange(ev.target.checked ? [...field.value, Number(d)].sort() : field.value.filter((x) => x !== Number(d)))}
                    onBlur={field.onBlur}
                  />
                  {name}
                </label>
              ))}
            </div>
            {e('weekdays') && (
              <p id="group-weekdays-error" className="mt-1 text-sm text-danger">
                {t('weekdaysRequired')}
              </p>
            )}
          </fieldset>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminField id="group-time" label={t('startTime')} error={e('startTime')} hint={t('startTimeHint')}>
          <input id="group-time" type="time" step={900} className={adminInputClass} {...describedBy('group-time', e('startTime'), true)} {...register('startTime')} />
        </AdminField>
        {number('durationMinutes', t('duration'))}
        <AdminField id="group-start" label={t('startDate')} error={e('startDate')}>
          <input id="group-start" type="date" className={adminInputClass} {...describedBy('group-start', e('startDate'))} {...register('startDate')} />
        </AdminField>
        {number('lessons', t('lessons'))}
        {number('minSeats', t('minSeats'), t('minSeatsHint'))}
        {number('maxSeats', t('maxSeats'), t('maxSeatsHint', { max: GROUP_MAX_SEATS }))}
        {number('pricePerLesson', t('price'), t('priceHint'))}
      </div>
      <AdminField id="group-company" label={t('company')} error={e('companyId')} hint={t('companyHint')}>
        <select id="group-company" className={adminInputClass} {...describedBy('group-company', e('companyId'), true)} {...register('companyId', { setValueAs: toNumber })}>
          <option value="">{t('public')}</option>
          {options.companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField id="group-description" label={t('description')} error={e('description')}>
        <textarea id="group-description" rows={4} maxLength={2000} className={adminInputClass} {...describedBy('group-description', e('description'))} {...register('description')} />
      </AdminField>
      <FormFooter label={group ? tc('save') : t('create')} submitting={formState.isSubmitting} status={status} />
    </form>
  );
}
