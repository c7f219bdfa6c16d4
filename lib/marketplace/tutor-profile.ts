import 'server-only';
import { queueProfileNotice } from '@/lib/review/notify';
import { asc, count, eq, sql } from 'drizzle-orm';
import { ApiError, readCapped } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { tutorApplications, tutorProfiles, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { enforceLimits } from '@/lib/rate-limit';
import { grantBookable } from '@/lib/review/bookable';
import {
  emptyProfile,
  missingForPublication,
  type PriceLimits,
  type ProfileData,
  type ProfileReturnReason,
} from '@/lib/validations/tutor-profile';
import { PHOTO_MAX_BYTES, storePhoto } from '@/lib/media/photo';
import { profileChanged } from '@/lib/lessons/revalidate';

/**
 * Tutor profiles (issue 14). Only a tutor whose application is approved has one. The tutor edits
 * a draft; a submission waits for a reviewer (`review_status` pending) while the published version
 * stays in the catalogue; the reviewer's approval copies the draft into `published`.
 *
 * Bookability: `tutor:bookable` (lib/auth/scope.ts) is granted here, when a reviewer approves a
 * profile (approved application + complete profile, checked again at approval) — see `approveProfile`.
 */

type User = typeof users.$inferSelect;
export type ProfileRow = typeof tutorProfiles.$inferSelect;

export const priceLimits = (): PriceLimits => ({ min: env().TUTOR_PRICE_MIN, max: env().TUTOR_PRICE_MAX });

const TRANSLIT: Record<string, string> = {
  а: 'a', ә: 'a', б: 'b', в: 'v', г: 'g', ғ: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', і: 'i', к: 'k', қ: 'q', л: 'l', м: 'm', н: 'n', ң: 'n',
  о: 'o', ө: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ұ: 'u', ү: 'u', ф: 'f', х: 'kh', һ: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** `aigerim-nurlanova-12`: Latin letters of the name, then the user id (unique, never changes). */
export function slugFor(name: string, lastname: string, userId: number): string {
  const latin = `${name} ${lastname}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/./gu, (ch) => TRANSLIT[ch] ?? ch)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return latin ? `${latin}-${userId}` : `tutor-${userId}`;
}

/** The signed-in tutor may edit a profile only once the school approved the application (403 otherwise). */
export async function assertProfileEditor(db: Db, user: User): Promise<void> {
  if (user.role !== 'tutor') throw new ApiError(403, 'profile_not_allowed');
  const [app] = await db.select({ status: tutorApplications.status }).from(tutorApplications).where(eq(tutorApplications.userId, user.id)).limit(1);
  if (app?.status !== 'approved') throw new ApiError(403, 'profile_not_allowed');
}

/** The tutor's profile row, created (empty draft, slug) on first use. */
export async function ownProfile(db: Db, user: User): Promise<ProfileRow> {
  await assertProfileEditor(db, user);
  const [row] = await db.select().from(tutorProfiles).where(eq(tutorProfiles.userId, user.id)).limit(1);
  if (row) return row;
  await db
    .insert(tutorProfiles)
    .values({ userId: user.id, slug: slugFor(user.name, user.lastname, user.id), draft: emptyProfile() })
    .onConflictDoNothing();
  const [created] = await db.select().from(tutorProfiles).where(eq(tutorProfiles.userId, user.id)).limit(1);
  return created!;
}

/** What the cabinet editor shows. */
export function editorView(row: ProfileRow) {
  return {
    slug: row.slug,
    draft: row.draft,
    published: row.published,
    reviewStatus: row.reviewStatus,
    rejectReason: row.rejectReason,
    rejectReasons: row.rejectReasons ?? [],
    submittedAt: row.submittedAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    /** The draft differs from what the catalogue shows (or nothing is published yet). */
    changed: !row.published || changedFields(row.published, row.draft).length > 0,
    missing: missingForPublication(row.draft),
    limits: priceLimits(),
  };
}

/**
 * Saves the editor's fields into the draft (the photo is kept: it has its own call). Editing a
 * submitted draft withdraws the submission: the reviewer never approves something other than
 * what they read.
 */
export async function saveDraft(db: Db, user: User, input: Omit<ProfileData, 'photo'>): Promise<ProfileRow> {
  const row = await ownProfile(db, user);
  const draft: ProfileData = { ...input, photo: row.draft.photo };
  return updateDraft(db, row, draft);
}

/** A new photo from the request's body (lib/media/photo.ts checks and stores it) into the draft. */
export async function uploadPhoto(db: Db, user: User, req: Request): Promise<ProfileRow> {
  await assertProfileEditor(db, user);
  if (Number(req.headers.get('content-length') ?? '0') > PHOTO_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  await enforceLimits(db, [{ key: `photo:${user.id}`, max: 30, windowSeconds: 3600 }]);
  const bytes = await readCapped(req, PHOTO_MAX_BYTES);
  if (!bytes.length) throw new ApiError(415, 'photo_invalid');
  const id = await storePhoto(db, bytes);
  const row = await ownProfile(db, user);
  return updateDraft(db, row, { ...row.draft, photo: id });
}

async function updateDraft(db: Db, row: ProfileRow, draft: ProfileData): Promise<ProfileRow> {
  const [updated] = await db
    .update(tutorProfiles)
    .set({ draft, reviewStatus: 'none', submittedAt: null, updatedAt: new Date() })
    .where(eq(tutorProfiles.userId, row.userId))
    .returning();
  return updated!;
}

/** Sends the draft to a reviewer: 422 `profile_incomplete` with the missing fields, 409 when nothing changed. */
export async function submitProfile(db: Db, user: User): Promise<ProfileRow> {
  const row = await ownProfile(db, user);
  const missing = missingForPublication(row.draft);
  if (Object.keys(missing).length) throw new ApiError(422, 'profile_incomplete', missing);
  if (row.reviewStatus === 'pending') return row;
  if (row.published && changedFields(row.published, row.draft).length === 0) throw new ApiError(409, 'profile_unchanged');
  const [updated] = await db
    .update(tutorProfiles)
    .set({ reviewStatus: 'pending', submittedAt: new Date(), rejectReason: null, rejectReasons: null, updatedAt: new Date() })
    .where(eq(tutorProfiles.userId, row.userId))
    .returning();
  return updated!;
}

// ── The back office ──

const FIELDS = ['photo', 'about', 'teachingLanguages', 'nativeSpeaker', 'subjects', 'levels', 'ages', 'price', 'experienceYears', 'video'] as const;
export type ProfileField = (typeof FIELDS)[number];

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val) ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : val,
  );

/** The fields whose value differs between two versions (arrays compared as sets). */
export function changedFields(before: ProfileData | null, after: ProfileData): ProfileField[] {
  if (!before) return FIELDS.filter((f) => canonical(after[f]) !== canonical(emptyProfile()[f]));
  const norm = (v: unknown) => (Array.isArray(v) ? canonical([...v].sort()) : canonical(v ?? null));
  return FIELDS.filter((f) => norm(before[f]) !== norm(after[f]));
}

export const REVIEW_PAGE_SIZE = 25;

/** Profiles waiting for a reviewer, oldest submission first. */
export async function pendingProfiles(db: Db, page = 1) {
  const where = eq(tutorProfiles.reviewStatus, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: tutorProfiles.userId,
        slug: tutorProfiles.slug,
        name: users.name,
        lastname: users.lastname,
        submittedAt: tutorProfiles.submittedAt,
        firstPublication: sql<boolean>`${tutorProfiles.published} is null`,
        draft: tutorProfiles.draft,
        published: tutorProfiles.published,
      })
      .from(tutorProfiles)
      .innerJoin(users, eq(users.id, tutorProfiles.userId))
      .where(where)
      .orderBy(asc(tutorProfiles.submittedAt))
      .limit(REVIEW_PAGE_SIZE)
      .offset((page - 1) * REVIEW_PAGE_SIZE),
    db.select({ n: count() }).from(tutorProfiles).where(where),
  ]);
  return {
    rows: rows.map(({ draft, published, ...r }) => ({ ...r, changed: changedFields(published, draft) })),
    total: total?.n ?? 0,
  };
}

/** One profile for the reviewer: both versions and what changed. */
export async function profileForReview(db: Db, userId: number) {
  const [row] = await db
    .select({ profile: tutorProfiles, name: users.name, lastname: users.lastname })
    .from(tutorProfiles)
    .innerJoin(users, eq(users.id, tutorProfiles.userId))
    .where(eq(tutorProfiles.userId, userId))
    .limit(1);
  if (!row) return null;
  return { ...row.profile, name: row.name, lastname: row.lastname, changed: changedFields(row.profile.published, row.profile.draft) };
}

/** The submission the reviewer read (its time): a newer one, or none, is a 409. */
async function pendingRow(tx: Db, userId: number, submittedAt: string): Promise<ProfileRow> {
  const [row] = await tx.select().from(tutorProfiles).where(eq(tutorProfiles.userId, userId)).limit(1).for('update');
  if (!row) throw new ApiError(404, 'not_found');
  if (row.reviewStatus !== 'pending' || row.submittedAt?.toISOString() !== new Date(submittedAt).toISOString()) throw new ApiError(409, 'profile_status');
  return row;
}

/** Publishes the submitted draft, makes the tutor bookable, audits, and refreshes the public pages. */
export async function approveProfile(db: Db, actor: Actor, userId: number, submittedAt: string) {
  const slug = await transaction(db, async (tx) => {
    const row = await pendingRow(tx, userId, submittedAt);
    if (Object.keys(missingForPublication(row.draft)).length) throw new ApiError(422, 'profile_incomplete', missingForPublication(row.draft));
    const now = new Date();
    await tx
      .update(tutorProfiles)
      .set({ published: row.draft, publishedAt: now, reviewStatus: 'none', rejectReason: null, rejectReasons: null, reviewerId: actor.id, decidedAt: now, updatedAt: now })
      .where(eq(tutorProfiles.userId, userId));
    await grantBookable(tx, userId);
    const [tutor] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (tutor) await queueProfileNotice(tx, tutor, { published: true });
    await audit(tx, actor, {
      action: 'tutor_profile.approve',
      entity: 'tutor_profile',
      entityId: userId,
      before: row.published ? { ...row.published } : null,
      after: { ...row.draft, changed: changedFields(row.published, row.draft) },
    });
    return row.slug;
  });
  profileChanged(slug);
}

/** Sends the submission back with the reasons ticked and the reviewer's note; the published version stays as it is. */
export async function rejectProfile(db: Db, actor: Actor, userId: number, submittedAt: string, reasons: ProfileReturnReason[], reason: string) {
  await transaction(db, async (tx) => {
    await pendingRow(tx, userId, submittedAt);
    const now = new Date();
    await tx
      .update(tutorProfiles)
      .set({ reviewStatus: 'rejected', rejectReason: reason || null, rejectReasons: reasons, reviewerId: actor.id, decidedAt: now, updatedAt: now })
      .where(eq(tutorProfiles.userId, userId));
    await audit(tx, actor, { action: 'tutor_profile.reject', entity: 'tutor_profile', entityId: userId, after: { reasons, reason } });
    const [tutor] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (tutor) await queueProfileNotice(tx, tutor, { published: false, reasons, reason });
  });
}
