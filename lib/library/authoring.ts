import 'server-only';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ApiError, readCapped } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { auditLog, libraryCourses, libraryUnits, libraryUnitVersions, staff } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { AUDIO_MAX_BYTES, storeAudio } from '@/lib/media/audio';
import { storeImage } from '@/lib/media/image';
import { PHOTO_MAX_BYTES } from '@/lib/media/photo';
import { exportCourse, importCourse, metaOf, proposeFields, publishCourseVersions, storeUnitContent } from './courses';
import type { CourseFields, Unit } from './format';
import type { CourseListFilter } from './input';

/**
 * Authoring in the back office (scope methodologist, docs/library.md "Authoring"): courses, their
 * units and the review. Every change is one transaction with its audit line (entity `library`, the
 * course's id; `after` names the unit and the version). The review rule: whoever sent a course (or a
 * published course's changed units) to review, or wrote one of the versions waiting for it, never
 * publishes it (403 `library_own_review`).
 */

const AUDIT_ENTITY = 'library';
const staffIdOf = (actor: Actor) => actor.id ?? 0;

/** The back office's list: every course whatever its status, with its units and what waits for review (the filter `review`: everything sent, a published course's changes too). */
export async function staffCourses(db: Db, f: CourseListFilter = {}) {
  const where: SQL[] = [];
  if (f.subject) where.push(eq(libraryCourses.subject, f.subject));
  if (f.level) where.push(eq(libraryCourses.level, f.level));
  // "In review" is what waits for a reviewer: a draft sent, and a published course's changes sent.
  if (f.status === 'review') where.push(isNotNull(libraryCourses.submittedAt));
  else if (f.status) where.push(eq(libraryCourses.status, f.status));
  return db
    .select({
      id: libraryCourses.id,
      slug: libraryCourses.slug,
      subject: libraryCourses.subject,
      level: libraryCourses.level,
      ageBand: libraryCourses.ageBand,
      title: libraryCourses.title,
      status: libraryCourses.status,
      submittedAt: libraryCourses.submittedAt,
      updatedAt: libraryCourses.updatedAt,
      units: count(libraryUnits.id),
    })
    .from(libraryCourses)
    .leftJoin(libraryUnits, and(eq(libraryUnits.courseId, libraryCourses.id), isNull(libraryUnits.archivedAt)))
    .where(where.length ? and(...where) : undefined)
    .groupBy(libraryCourses.id)
    .orderBy(asc(libraryCourses.subject), asc(libraryCourses.level), asc(libraryCourses.slug));
}

async function courseRow(db: Db, courseId: number, lock = false) {
  const q = db.select().from(libraryCourses).where(eq(libraryCourses.id, courseId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** Each unit's latest version (published or a draft), in one query. */
async function latestVersions(db: Db, unitIds: number[]) {
  if (!unitIds.length) return new Map<number, typeof libraryUnitVersions.$inferSelect>();
  const rows = await db.select().from(libraryUnitVersions).where(inArray(libraryUnitVersions.unitId, unitIds)).orderBy(asc(libraryUnitVersions.version));
  return new Map(rows.map((r) => [r.unitId, r]));
}

/** A course's page: its fields, its units in order (each with its latest version), the archived ones, its history. */
export async function staffCourseDetail(db: Db, courseId: number) {
  const course = await courseRow(db, courseId);
  const units = await db.select().from(libraryUnits).where(eq(libraryUnits.courseId, courseId)).orderBy(asc(libraryUnits.position), asc(libraryUnits.id));
  const latest = await latestVersions(
    db,
    units.map((u) => u.id),
  );
  const published = await db
    .select({ unitId: libraryUnitVersions.unitId, version: sql<number>`max(${libraryUnitVersions.version})`.mapWith(Number) })
    .from(libraryUnitVersions)
    .where(and(inArray(libraryUnitVersions.unitId, units.length ? units.map((u) => u.id) : [0]), sql`${libraryUnitVersions.publishedAt} is not null`))
    .groupBy(libraryUnitVersions.unitId);
  const publishedOf = new Map(published.map((p) => [p.unitId, p.version]));
  const names = await staffNames(db, [course.authorId, course.reviewerId, course.submittedBy]);
  const history = await db
    .select({ at: auditLog.createdAt, action: auditLog.action, who: auditLog.actorLabel, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, AUDIT_ENTITY), eq(auditLog.entityId, String(courseId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(50);
  const view = units.map((u) => {
    const v = latest.get(u.id);
    return {
      id: u.id,
      key: u.key,
      position: u.position,
      archivedAt: u.archivedAt,
      title: v?.title ?? null,
      steps: v?.steps.length ?? 0,
      version: v?.version ?? 0,
      draft: !!v && !v.publishedAt,
      publishedVersion: publishedOf.get(u.id) ?? null,
    };
  });
  return {
    course,
    author: names.get(course.authorId ?? 0) ?? null,
    reviewer: names.get(course.reviewerId ?? 0) ?? null,
    submitter: names.get(course.submittedBy ?? 0) ?? null,
    units: view.filter((u) => !u.archivedAt),
    archived: view.filter((u) => u.archivedAt),
    /** A unit's draft version waits for review. */
    unitsPending: view.some((u) => !u.archivedAt && u.draft),
    /** Something waits for review: a unit's draft version, or a published course's edited fields. */
    pending: view.some((u) => !u.archivedAt && u.draft) || !!course.pendingFields,
    history: history.map((h) => ({ ...h, after: (h.after ?? {}) as Record<string, unknown> })),
  };
}

async function staffNames(db: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is number => !!i))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A unit's latest content for the editor, with its course. */
export async function staffUnit(db: Db, unitId: number) {
  const [unit] = await db.select().from(libraryUnits).where(eq(libraryUnits.id, unitId));
  if (!unit) throw new ApiError(404, 'not_found');
  const course = await courseRow(db, unit.courseId);
  const [latest] = await db.select().from(libraryUnitVersions).where(eq(libraryUnitVersions.unitId, unitId)).orderBy(desc(libraryUnitVersions.version)).limit(1);
  if (!latest) throw new ApiError(404, 'not_found');
  return {
    unit: { id: unit.id, key: unit.key, archivedAt: unit.archivedAt },
    course: { id: course.id, slug: course.slug, title: course.title, subject: course.subject, status: course.status },
    version: { version: latest.version, published: !!latest.publishedAt },
    content: { id: unit.key, title: latest.title, steps: latest.steps } as unknown as Unit,
  };
}

/**
 * A change of content withdraws what waits for review: a course in review goes back to draft, a
 * published course's changed units wait to be sent again. (The one who changed it may then send it.)
 */
async function contentChanged(tx: Db, courseId: number, now: Date) {
  const course = await courseRow(tx, courseId);
  await tx
    .update(libraryCourses)
    .set({ status: course.status === 'review' ? 'draft' : course.status, submittedBy: null, submittedAt: null, updatedAt: now })
    .where(eq(libraryCourses.id, courseId));
}

/** A new course (a draft, no units yet); 409 with `slug` when the address is taken. */
export async function createCourse(db: Db, actor: Actor, fields: CourseFields, now: Date) {
  return transaction(db, async (tx) => {
    const [taken] = await tx.select({ id: libraryCourses.id }).from(libraryCourses).where(eq(libraryCourses.slug, fields.slug));
    if (taken) throw new ApiError(409, 'conflict', { slug: 'library_slug_taken' });
    const [row] = await tx
      .insert(libraryCourses)
      .values({ ...fields, authorId: staffIdOf(actor), createdAt: now, updatedAt: now })
      .returning({ id: libraryCourses.id });
    await audit(tx, actor, { action: 'library.create', entity: AUDIT_ENTITY, entityId: row!.id, after: { slug: fields.slug, subject: fields.subject, level: fields.level } });
    return { id: row!.id };
  });
}

/** A course's own fields (the slug too, while the course is not published: a published course's address stays). */
export async function updateCourse(db: Db, actor: Actor, courseId: number, fields: CourseFields, now: Date) {
  return transaction(db, async (tx) => {
    const course = await courseRow(tx, courseId, true);
    if (fields.slug !== course.slug) {
      if (course.publishedAt) throw new ApiError(422, 'validation_failed', { slug: 'library_slug_fixed' });
      const [taken] = await tx.select({ id: libraryCourses.id }).from(libraryCourses).where(eq(libraryCourses.slug, fields.slug));
      if (taken) throw new ApiError(409, 'conflict', { slug: 'library_slug_taken' });
    }
    const { slug, ...meta } = fields;
    if (slug !== course.slug) await tx.update(libraryCourses).set({ slug, updatedAt: now }).where(eq(libraryCourses.id, courseId));
    // A published course's fields wait for review; a course never published takes them at once.
    const outcome = await proposeFields(tx, course, meta, staffIdOf(actor), now);
    if (outcome === 'same' && slug === course.slug) return { id: courseId, pending: !!course.pendingFields };
    await contentChanged(tx, courseId, now);
    const before = { slug: course.slug, ...(course.pendingFields?.fields ?? metaOf(course)) };
    const pending = outcome === 'pending';
    await audit(tx, actor, { action: 'library.update', entity: AUDIT_ENTITY, entityId: courseId, before, after: { ...fields, ...(pending ? { pending: true } : {}) } });
    return { id: courseId, pending };
  });
}

/** A new unit at the end of the course, its content version 1 (a draft). 409 with `unit.id` when the course has that id. */
export async function addUnit(db: Db, actor: Actor, courseId: number, unit: Unit, now: Date) {
  return transaction(db, async (tx) => {
    await courseRow(tx, courseId, true);
    const [taken] = await tx.select({ id: libraryUnits.id }).from(libraryUnits).where(and(eq(libraryUnits.courseId, courseId), eq(libraryUnits.key, unit.id)));
    if (taken) throw new ApiError(409, 'conflict', { 'unit.id': 'library_id_duplicate' });
    const [{ n }] = (await tx.select({ n: count() }).from(libraryUnits).where(eq(libraryUnits.courseId, courseId))) as [{ n: number }];
    const [row] = await tx.insert(libraryUnits).values({ courseId, key: unit.id, position: n, createdAt: now }).returning({ id: libraryUnits.id });
    await storeUnitContent(tx, row!.id, unit, staffIdOf(actor));
    await contentChanged(tx, courseId, now);
    await audit(tx, actor, { action: 'library.unit_add', entity: AUDIT_ENTITY, entityId: courseId, after: { unitId: row!.id, unit: unit.id, version: 1, steps: unit.steps.length } });
    return { id: row!.id };
  });
}

/**
 * A unit's new content, by the versioning rule: the draft changed in place, or a new version when the
 * latest is published (students keep the published one until the review publishes this). The unit's
 * id (key) is fixed: it is its students' progress key.
 */
export async function saveUnit(db: Db, actor: Actor, unitId: number, unit: Unit, now: Date) {
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(libraryUnits).where(eq(libraryUnits.id, unitId)).for('update');
    if (!row) throw new ApiError(404, 'not_found');
    if (unit.id !== row.key) throw new ApiError(422, 'validation_failed', { 'unit.id': 'library_unit_key_fixed' });
    // The course's row first: a publication running now stamps the content it read, never this edit half-way.
    await courseRow(tx, row.courseId, true);
    const outcome = await storeUnitContent(tx, unitId, unit, staffIdOf(actor));
    const [latest] = await tx.select({ version: libraryUnitVersions.version }).from(libraryUnitVersions).where(eq(libraryUnitVersions.unitId, unitId)).orderBy(desc(libraryUnitVersions.version)).limit(1);
    if (outcome !== 'same') {
      await contentChanged(tx, row.courseId, now);
      await audit(tx, actor, { action: 'library.unit_edit', entity: AUDIT_ENTITY, entityId: row.courseId, after: { unitId, unit: row.key, version: latest!.version, outcome, steps: unit.steps.length } });
    }
    return { outcome, version: latest!.version };
  });
}

/** The units in a new order: `keys` must name every unit that is not archived, once. */
export async function reorderUnits(db: Db, actor: Actor, courseId: number, keys: string[], now: Date) {
  return transaction(db, async (tx) => {
    await courseRow(tx, courseId, true);
    const units = await tx.select().from(libraryUnits).where(and(eq(libraryUnits.courseId, courseId), isNull(libraryUnits.archivedAt))).orderBy(asc(libraryUnits.position));
    const byKey = new Map(units.map((u) => [u.key, u]));
    if (keys.length !== units.length || new Set(keys).size !== keys.length || keys.some((k) => !byKey.has(k))) throw new ApiError(422, 'validation_failed', { keys: 'library_order_units' });
    for (const [position, key] of keys.entries()) await tx.update(libraryUnits).set({ position }).where(eq(libraryUnits.id, byKey.get(key)!.id));
    await tx.update(libraryCourses).set({ updatedAt: now }).where(eq(libraryCourses.id, courseId));
    await audit(tx, actor, { action: 'library.unit_order', entity: AUDIT_ENTITY, entityId: courseId, before: { units: units.map((u) => u.key) }, after: { units: keys } });
    return { keys };
  });
}

/** Archives a unit: hidden from the course (students' progress kept); import of a file naming it brings it back. */
export async function archiveUnit(db: Db, actor: Actor, unitId: number, now: Date) {
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(libraryUnits).where(eq(libraryUnits.id, unitId)).for('update');
    if (!row) throw new ApiError(404, 'not_found');
    if (row.archivedAt) return { id: unitId };
    await tx.update(libraryUnits).set({ archivedAt: now }).where(eq(libraryUnits.id, unitId));
    await tx.update(libraryCourses).set({ updatedAt: now }).where(eq(libraryCourses.id, row.courseId));
    await audit(tx, actor, { action: 'library.unit_archive', entity: AUDIT_ENTITY, entityId: row.courseId, after: { unitId, unit: row.key } });
    return { id: unitId };
  });
}

/** Sends a draft course, or a published course's changed units, to review. 409 `library_nothing_to_review` when nothing waits. */
export async function submitCourse(db: Db, actor: Actor, courseId: number, now: Date) {
  return transaction(db, async (tx) => {
    const course = await courseRow(tx, courseId, true);
    const detail = await staffCourseDetail(tx, courseId);
    if (!detail.units.length) throw new ApiError(409, 'library_nothing_to_review');
    if (course.status === 'published' && !detail.pending) throw new ApiError(409, 'library_nothing_to_review');
    if (course.submittedAt) return { status: course.status };
    const status = course.status === 'published' ? 'published' : 'review';
    await tx.update(libraryCourses).set({ status, submittedBy: staffIdOf(actor), submittedAt: now, updatedAt: now }).where(eq(libraryCourses.id, courseId));
    const units = detail.units.filter((u) => u.draft).map((u) => ({ unit: u.key, version: u.version }));
    await audit(tx, actor, { action: 'library.submit', entity: AUDIT_ENTITY, entityId: courseId, after: { units, ...(course.pendingFields ? { fields: true } : {}) } });
    return { status };
  });
}

/**
 * Publishes what waits for review: the course (students and tutors see it) and the latest version of
 * every unit. Only a second methodologist: 403 `library_own_review` for the one who sent it or wrote
 * one of its waiting versions; 409 `library_not_in_review` when nothing was sent.
 */
export async function publishCourse(db: Db, actor: Actor, courseId: number, now: Date) {
  return transaction(db, async (tx) => {
    const course = await courseRow(tx, courseId, true);
    if (!course.submittedAt) throw new ApiError(409, 'library_not_in_review');
    const detail = await staffCourseDetail(tx, courseId);
    const waiting = await tx
      .select({ unitId: libraryUnitVersions.unitId, createdBy: libraryUnitVersions.createdBy })
      .from(libraryUnitVersions)
      .innerJoin(libraryUnits, eq(libraryUnits.id, libraryUnitVersions.unitId))
      .where(and(eq(libraryUnits.courseId, courseId), isNull(libraryUnits.archivedAt), isNull(libraryUnitVersions.publishedAt)));
    const me = staffIdOf(actor);
    if (course.submittedBy === me || waiting.some((w) => w.createdBy === me) || !!course.pendingFields?.by.includes(me)) throw new ApiError(403, 'library_own_review');
    await publishCourseVersions(tx, courseId, me, now);
    await tx.update(libraryCourses).set({ submittedBy: null, submittedAt: null }).where(eq(libraryCourses.id, courseId));
    const units = detail.units.filter((u) => u.draft).map((u) => ({ unit: u.key, version: u.version }));
    await audit(tx, actor, { action: 'library.publish', entity: AUDIT_ENTITY, entityId: courseId, after: { units, ...(course.pendingFields ? { fields: course.pendingFields.fields } : {}), submittedBy: course.submittedBy } });
    return { status: 'published' as const };
  });
}

/** A school's course file: a new course (a draft) or an edit of the course with its slug (its changed units wait for review). */
export async function importCourseFile(db: Db, actor: Actor, file: unknown, now: Date) {
  const result = await importCourse(db, { staffId: staffIdOf(actor) }, file, { now });
  await transaction(db, async (tx) => {
    const changed = result.fieldsChanged || Object.values(result.units).some((o) => o !== 'same') || result.archived > 0;
    if (changed && !result.created) await contentChanged(tx, result.courseId, now);
    await audit(tx, actor, { action: 'library.import', entity: AUDIT_ENTITY, entityId: result.courseId, after: { created: result.created, fields: result.fieldsChanged, units: result.units, archived: result.archived } });
  });
  return result;
}

/** A course as its file, for download (audited: who took which course). */
export async function exportCourseFile(db: Db, actor: Actor, courseId: number) {
  const file = await exportCourse(db, courseId);
  await audit(db, actor, { action: 'library.export', entity: AUDIT_ENTITY, entityId: courseId, after: { slug: file.slug, units: file.units.length } });
  return file;
}

/** An audio file for a listening step or a word, into the media store (audited with its name). */
export async function uploadAudio(db: Db, actor: Actor, req: Request) {
  if (Number(req.headers.get('content-length') ?? '0') > AUDIO_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const bytes = await readCapped(req, AUDIO_MAX_BYTES);
  if (!bytes.length) throw new ApiError(415, 'audio_invalid');
  return transaction(db, async (tx) => {
    const name = await storeAudio(tx, bytes);
    await audit(tx, actor, { action: 'library.audio', entity: AUDIT_ENTITY, after: { name, bytes: bytes.length } });
    return { name };
  });
}

/** A picture for a text or a grammar note, into the media store (audited with its name). */
export async function uploadImage(db: Db, actor: Actor, req: Request) {
  if (Number(req.headers.get('content-length') ?? '0') > PHOTO_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const bytes = await readCapped(req, PHOTO_MAX_BYTES);
  if (!bytes.length) throw new ApiError(415, 'photo_invalid');
  const name = await storeImage(db, bytes);
  await audit(db, actor, { action: 'library.image', entity: AUDIT_ENTITY, after: { name, bytes: bytes.length } });
  return { name };
}
