import { z } from 'zod';
import { noControlChars } from './query';
import { TEACHING_LANGUAGES, TUTOR_SUBJECTS } from './registration';

// A tutor's public profile (issue 14): what the cabinet editor sends, what the catalogue shows.
// Pure: the cabinet form, the server and the catalogue share it. Messages are keys of "Validation".

export const PROFILE_LOCALES = ['ru', 'kk', 'en'] as const;
export type ProfileLocale = (typeof PROFILE_LOCALES)[number];
export { TEACHING_LANGUAGES, TUTOR_SUBJECTS };
/** Levels taught (messages: Tutors.levels.*). */
export const PROFILE_LEVELS = ['beginner', 'elementary', 'intermediate', 'advanced', 'exam'] as const;
/** Ages taught (messages: Tutors.ages.*): children under 12, teens 12-17, adults. */
export const PROFILE_AGES = ['children', 'teens', 'adults'] as const;

export const ABOUT_MIN = 80;
export const ABOUT_MAX = 2000;
export const EXPERIENCE_MAX = 60;

/** The school's price limits per lesson, in tenge (server: TUTOR_PRICE_MIN / TUTOR_PRICE_MAX). */
export interface PriceLimits {
  min: number;
  max: number;
}
export const DEFAULT_PRICE_LIMITS: PriceLimits = { min: 5000, max: 30000 };

export interface ProfileVideo {
  provider: 'youtube' | 'vimeo';
  id: string;
}

/** What a profile holds (draft and published alike). */
export interface ProfileData {
  /** The photo's id (lib/media/photo.ts), or null before an upload. */
  photo: string | null;
  about: Partial<Record<ProfileLocale, string>>;
  teachingLanguages: (typeof TEACHING_LANGUAGES)[number][];
  /** A native speaker of the language the tutor teaches. */
  nativeSpeaker: boolean;
  subjects: (typeof TUTOR_SUBJECTS)[number][];
  levels: (typeof PROFILE_LEVELS)[number][];
  ages: (typeof PROFILE_AGES)[number][];
  /** Tenge per lesson; null until set. */
  price: number | null;
  experienceYears: number;
  video: ProfileVideo | null;
}

export const emptyProfile = (): ProfileData => ({
  photo: null,
  about: {},
  teachingLanguages: [],
  nativeSpeaker: false,
  subjects: [],
  levels: [],
  ages: [],
  price: null,
  experienceYears: 0,
  video: null,
});

const YT_ID = /^[\w-]{11}$/;
/** A YouTube or Vimeo address as {provider, id}; null for anything else (other hosts, playlists, channels). */
export function parseVideoUrl(raw: string): ProfileVideo | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts[0] && YT_ID.test(parts[0]) ? { provider: 'youtube', id: parts[0] } : null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = parts[0] === 'watch' ? url.searchParams.get('v') : parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' ? parts[1] : null;
    return id && YT_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parts.find((p) => /^\d{1,12}$/.test(p));
    return id ? { provider: 'vimeo', id } : null;
  }
  return null;
}

export const videoWatchUrl = (v: ProfileVideo) => (v.provider === 'youtube' ? `https://www.youtube.com/watch?v=${v.id}` : `https://vimeo.com/${v.id}`);
/** The player, loaded only after the visitor presses play (no third-party frame on page load). */
export const videoEmbedUrl = (v: ProfileVideo) =>
  v.provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${v.id}?autoplay=1` : `https://player.vimeo.com/video/${v.id}?autoplay=1&dnt=1`;

const set = <T extends readonly [string, ...string[]]>(values: T, max = values.length) =>
  z
    .array(z.enum(values, { error: 'invalid_value' }), { error: 'invalid_value' })
    .max(max, 'invalid_value')
    .transform((a) => [...new Set(a)]);

const aboutText = z
  .string({ error: 'invalid_value' })
  .transform((s) => s.replace(/\r\n?/g, '\n').replace(/[^\S\n]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim())
  .pipe(z.string().max(ABOUT_MAX, 'too_long').refine(noControlChars, 'control_chars'))
  .optional();

/**
 * The editor's body: a draft may be incomplete (saved as the tutor goes); what it holds must be
 * valid. Completeness is checked on submission (`missingForPublication`).
 */
export function profileDraftSchema(limits: PriceLimits = DEFAULT_PRICE_LIMITS) {
  return z.object({
    about: z
      .object({ ru: aboutText, kk: aboutText, en: aboutText }, { error: 'invalid_value' })
      .strict()
      .transform((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v)) as ProfileData['about'])
      .superRefine((a, ctx) => {
        for (const [k, v] of Object.entries(a)) if (v && v.length < ABOUT_MIN) ctx.addIssue({ code: 'custom', path: [k], message: 'about_too_short' });
      }),
    teachingLanguages: set(TEACHING_LANGUAGES),
    nativeSpeaker: z.boolean({ error: 'invalid_value' }),
    subjects: set(TUTOR_SUBJECTS, 3),
    levels: set(PROFILE_LEVELS),
    ages: set(PROFILE_AGES),
    price: z
      .number({ error: 'invalid_value' })
      .int('invalid_value')
      .min(limits.min, 'price_out_of_range')
      .max(limits.max, 'price_out_of_range')
      .nullable(),
    experienceYears: z.number({ error: 'invalid_value' }).int('invalid_value').min(0, 'invalid_value').max(EXPERIENCE_MAX, 'invalid_value'),
    video: z
      .string({ error: 'invalid_value' })
      .max(300, 'invalid_value')
      .nullable()
      .transform((s, ctx) => {
        if (!s?.trim()) return null;
        const v = parseVideoUrl(s);
        if (!v) ctx.addIssue({ code: 'custom', message: 'video_url_invalid' });
        return v;
      }),
  });
}
export type ProfileDraftInput = z.input<ReturnType<typeof profileDraftSchema>>;

/** The fields a submission still lacks (field → Validation key); empty when the profile is complete. */
export function missingForPublication(p: ProfileData): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!p.photo) missing.photo = 'photo_required';
  if (!Object.values(p.about).some((v) => v && v.length >= ABOUT_MIN)) missing.about = 'about_required';
  if (!p.teachingLanguages.length) missing.teachingLanguages = 'required';
  if (!p.subjects.length) missing.subjects = 'required';
  if (!p.levels.length) missing.levels = 'required';
  if (!p.ages.length) missing.ages = 'required';
  if (p.price === null) missing.price = 'required';
  return missing;
}

/** The reviewer's rejection of a profile change. */
/** Why a public profile goes back to its tutor (messages: Review.profileReasons.*). `other` needs a note. */
export const PROFILE_RETURN_REASONS = ['photo', 'about', 'contacts', 'details', 'other'] as const;
export type ProfileReturnReason = (typeof PROFILE_RETURN_REASONS)[number];

/** The reasons ticked (at least one) and the reviewer's note (`reason`): required with `other`. */
const profileRejectShape = {
  reasons: z
    .array(z.enum(PROFILE_RETURN_REASONS, { error: 'invalid_value' }), { error: 'review_reasons_required' })
    .min(1, 'review_reasons_required')
    .max(PROFILE_RETURN_REASONS.length, 'invalid_value')
    .transform((r) => [...new Set(r)]),
  reason: z
    .string({ error: 'invalid_value' })
    .trim()
    .max(1000, 'too_long')
    .refine(noControlChars, 'control_chars')
    .optional()
    .transform((n) => n || ''),
};
function noteForOther(v: { reasons: string[]; reason: string }, ctx: z.RefinementCtx) {
  if (v.reasons.includes('other') && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'review_note_required' });
}
export const profileRejectSchema = z.object(profileRejectShape).superRefine(noteForOther);

/** The submission the reviewer read (its time): another one is a 409. */
export const profileDecisionSchema = z.object({ submittedAt: z.iso.datetime({ offset: true, error: 'invalid_value' }) });
export const profileRejectBodySchema = profileDecisionSchema.extend(profileRejectShape).superRefine(noteForOther);
export const profileQueueSchema = z.object({ page: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(10_000, 'invalid_value').default(1) });
