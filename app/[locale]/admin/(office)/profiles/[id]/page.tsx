import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { TeachesGroupsToggle } from '@/components/admin/groups/group-actions';
import { ProfileReviewActions } from '@/components/admin/profiles/review-actions';
import { Badge, PageHeader } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { tutorTeachesGroups } from '@/lib/groups/admin';
import { photoUrl } from '@/lib/media/photo';
import { profileForReview, type ProfileField } from '@/lib/marketplace/tutor-profile';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { hasScope } from '@/lib/validations/staff-scopes';
import { PROFILE_LOCALES, PROFILE_RETURN_REASONS, videoWatchUrl, type ProfileData, type ProfileReturnReason } from '@/lib/validations/tutor-profile';

type Props = { params: Promise<{ locale: Locale; id: string }> };

const FIELDS: ProfileField[] = ['photo', 'about', 'teachingLanguages', 'nativeSpeaker', 'subjects', 'levels', 'ages', 'price', 'experienceYears', 'video'];

/** One profile in review: the published version beside the submitted one, changed fields marked; approve or return. */
export default async function ProfileReviewPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const { staff } = await requireStaffPage(locale, 'reviewer', `/admin/profiles/${rawId}`);
  if (!/^\d{1,9}$/.test(rawId)) notFound();
  const db = await getDb();
  const p = await profileForReview(db, Number(rawId));
  if (!p) notFound();
  // Who teaches groups is the sales' call (PUT /api/admin/groups/tutors/{id}): shown to a member who may make it.
  const teachesGroups = hasScope(staff.scopes, 'sales') ? await tutorTeachesGroups(db, p.userId) : null;
  const tg = await getTranslations('Admin.groups');
  const t = await getTranslations('Admin.profiles');
  const tc = await getTranslations('Admin.common');
  const tw = await getTranslations('Registration.tutor');
  const tt = await getTranslations('Tutors');
  const tr = await getTranslations('Review.profileReasons');
  const format = await getFormatter();

  const list = (values: string[], label: (v: string) => string) => (values.length ? values.map(label).join(', ') : tc('none'));
  function show(d: ProfileData | null, f: ProfileField): ReactNode {
    if (!d) return <span className="text-muted">{tc('none')}</span>;
    switch (f) {
      case 'photo':
        // eslint-disable-next-line @next/next/no-img-element
        return d.photo ? <img src={photoUrl(d.photo, 'card')} alt="" width={96} height={96} className="size-24 rounded-lg object-cover" /> : tc('none');
      case 'about':
        return (
          <div className="grid gap-2">
            {PROFILE_LOCALES.filter((l) => d.about[l]).map((l) => (
              <p key={l} lang={l} className="whitespace-pre-line break-words">
                <span className="font-mono text-xs text-muted">{l}: </span>
                {d.about[l]}
              </p>
            ))}
          </div>
        );
      case 'teachingLanguages':
        return list(d.teachingLanguages, (v) => tw(`languages.${v}` as never));
      case 'subjects':
        return list(d.subjects, (v) => tw(`subjects.${v}` as never));
      case 'levels':
        return list(d.levels, (v) => tt(`levels.${v}` as never));
      case 'ages':
        return list(d.ages, (v) => tt(`ages.${v}` as never));
      case 'nativeSpeaker':
        return d.nativeSpeaker ? t('yes') : t('no');
      case 'price':
        return d.price === null ? tc('none') : `${format.number(d.price)} ₸`;
      case 'experienceYears':
        return String(d.experienceYears);
      case 'video':
        return d.video ? (
          <a href={videoWatchUrl(d.video)} rel="noopener noreferrer" target="_blank" className="break-all text-brand-dark underline-offset-2 hover:underline">
            {videoWatchUrl(d.video)}
          </a>
        ) : (
          tc('none')
        );
    }
  }

  return (
    <>
      <p className="mb-3 text-sm">
        <Link href={localePath(locale, '/admin/profiles')} className="text-brand-dark underline-offset-2 hover:underline">
          {t('back')}
        </Link>
      </p>
      <PageHeader title={t('detailTitle', { name: `${p.lastname} ${p.name}` })} />
      <div className="mb-4 flex flex-wrap gap-2">
        <Badge tone={p.published ? 'neutral' : 'info'}>{p.published ? t('change') : t('first')}</Badge>
      </div>
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('diffCaption')}</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="px-3 py-2">{t('col.field')}</th>
              <th scope="col" className="px-3 py-2">{t('col.published')}</th>
              <th scope="col" className="px-3 py-2">{t('col.draft')}</th>
            </tr>
          </thead>
          <tbody>
            {FIELDS.map((f) => {
              const changed = p.changed.includes(f);
              return (
                <tr key={f} className={`border-b border-line last:border-b-0 ${changed ? 'bg-amber-50' : ''}`} data-testid={`diff-${f}`} data-changed={changed}>
                  <th scope="row" className="px-3 py-2.5 text-left align-top font-medium">
                    {t(`field.${f}`)}
                    {changed && (
                      <div className="mt-1">
                        <Badge tone="warn">{t('changedMark')}</Badge>
                      </div>
                    )}
                  </th>
                  <td className="px-3 py-2.5 align-top">{show(p.published, f)}</td>
                  <td className="px-3 py-2.5 align-top">{show(p.draft, f)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-5">
        <ProfileReviewActions
          id={p.userId}
          submittedAt={p.reviewStatus === 'pending' && p.submittedAt ? p.submittedAt.toISOString() : null}
          reasonLabels={Object.fromEntries(PROFILE_RETURN_REASONS.map((r) => [r, tr(r)])) as Record<ProfileReturnReason, string>}
        />
      </div>
      {teachesGroups !== null && (
        <div className="mt-5">
          <TeachesGroupsToggle tutorId={p.userId} teaches={teachesGroups} labels={{ label: tg('teaches'), on: tg('teachesOn'), off: tg('teachesOff') }} />
          <p className="mt-1 text-xs text-muted">{tg('teachesHint')}</p>
        </div>
      )}
    </>
  );
}
