'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { courseFieldsSchema, type CourseFields } from '@/lib/library/format';
import { AGE_BANDS, LIBRARY_LEVELS, LIBRARY_SUBJECTS } from '@/lib/validations/library-rules';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { FormFooter, adminInputClass } from '@/components/admin/ui/form';

const LANGS = ['ru', 'kk', 'en'] as const;
type Path = 'slug' | 'subject' | 'level' | 'ageBand' | `title.${(typeof LANGS)[number]}` | `description.${(typeof LANGS)[number]}`;

/**
 * A course's own fields: creates a draft course (then opens its page) or edits one. The course file's
 * schema checks them here and on the server; a taken address comes back on its field.
 */
export function CourseForm({ course, options }: { course?: CourseFields & { id: number; published: boolean }; options: { subjects: Record<string, string>; ages: Record<string, string> } }) {
  const t = useTranslations('Admin.library');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<CourseFields>({
    resolver: zodResolver(courseFieldsSchema as never, undefined, { raw: true }) as unknown as Resolver<CourseFields>,
    mode: 'onTouched',
    defaultValues: course ?? { slug: '', subject: 'english', level: 'A1', ageBand: 'adults', title: { ru: '', kk: '', en: '' }, description: { ru: '', kk: '', en: '' } },
  });
  const errors = formState.errors;
  const e = (path: Path): string | undefined => {
    const [a, b] = path.split('.') as [keyof CourseFields, string | undefined];
    const node = errors[a] as unknown as { message?: string } & Record<string, { message?: string }>;
    return (b ? node?.[b]?.message : node?.message) ?? undefined;
  };
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      if (course) {
        const res = await fetchJson<{ course: { pending?: boolean } }>(`/api/admin/library/courses/${course.id}`, { method: 'PUT', body: values, locale });
        // A published course's edited fields wait for review (the page says so after the refresh).
        setStatus({ ok: true, text: res.course?.pending ? t('savedPending') : tc('saved') });
        router.refresh();
      } else {
        const res = await fetchJson<{ course: { id: number } }>('/api/admin/library/courses', { body: values, locale });
        router.push(`/admin/library/${res.course.id}`);
      }
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) for (const [field, message] of Object.entries(err.fields)) setError(field as Path, { message });
      setStatus({ ok: false, text: err instanceof Error ? err.message : tc('error') });
    }
  });
  const select = (name: 'subject' | 'level' | 'ageBand', label: string, values: readonly string[], names?: Record<string, string>) => (
    <AdminField id={`course-${name}`} label={label} error={e(name)}>
      <select id={`course-${name}`} className={adminInputClass} {...describedBy(`course-${name}`, e(name))} {...register(name)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {names?.[v] ?? v}
          </option>
        ))}
      </select>
    </AdminField>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-4 rounded-xl border border-line bg-white p-4" data-testid="course-form">
      <AdminField id="course-slug" label={t('slug')} error={e('slug')} hint={course?.published ? t('slugFixed') : t('slugHint')}>
        <input id="course-slug" className={adminInputClass} readOnly={course?.published} {...describedBy('course-slug', e('slug'), true)} {...register('slug')} />
      </AdminField>
      <div className="grid gap-4 sm:grid-cols-3">
        {select('subject', t('subject'), LIBRARY_SUBJECTS, options.subjects)}
        {select('level', t('level'), LIBRARY_LEVELS)}
        {select('ageBand', t('age'), AGE_BANDS, options.ages)}
      </div>
      {LANGS.map((lang) => (
        <fieldset key={lang} className="space-y-3 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-medium">{t(`langs.${lang}`)}</legend>
          <AdminField id={`course-title-${lang}`} label={t('courseTitle')} error={e(`title.${lang}`)}>
            <input id={`course-title-${lang}`} className={adminInputClass} {...describedBy(`course-title-${lang}`, e(`title.${lang}`))} {...register(`title.${lang}`)} />
          </AdminField>
          <AdminField id={`course-description-${lang}`} label={t('description')} error={e(`description.${lang}`)}>
            <textarea id={`course-description-${lang}`} rows={3} className={adminInputClass} {...describedBy(`course-description-${lang}`, e(`description.${lang}`))} {...register(`description.${lang}`)} />
          </AdminField>
        </fieldset>
      ))}
      <FormFooter label={course ? tc('save') : t('createCourse')} submitting={formState.isSubmitting} status={status} />
    </form>
  );
}
