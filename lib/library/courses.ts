import 'server-only';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { libraryCourses, libraryUnits, libraryUnitVersions, media, type PendingCourseFields } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import type { StoredStep } from '@/lib/validations/library-rules';
import { COURSE_FORMAT, COURSE_FORMAT_VERSION, courseFileSchema, parseCourseFile, pathOf, type CourseFile, type Unit } from './format';

/** Who changes the library: a staff member (a methodologist), or the school's own seed. */
export type LibraryActor = { staffId: number } | 'seed';
const staffIdOf = (actor: LibraryActor) => (actor === 'seed' ? null : actor.staffId);

/** JSON with sorted keys: jsonb keeps its own key order, so content is compared by this. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Media names the file refers to (audio, pictures) that the media store does not hold, by path. */
async function missingMedia(db: Db, course: CourseFile): Promise<Record<string, string>> {
  const refs: { path: string; name: string; message: string }[] = [];
  const audio = (path: (string | number)[], name: string) => refs.push({ path: pathOf(path), name, message: 'library_audio_missing' });
  course.units.forEach((u, ui) =>
    u.steps.forEach((s, si) => {
      if (s.kind === 'listening') audio(['units', ui, 'steps', si, 'audio'], s.audio);
      if (s.kind === 'words') s.words.forEach((w, wi) => w.audio && audio(['units', ui, 'steps', si, 'words', wi, 'audio'], w.audio));
      if ((s.kind === 'text' || s.kind === 'grammar') && s.image) refs.push({ path: pathOf(['units', ui, 'steps', si, 'image']), name: s.image, message: 'library_image_missing' });
    }),
  );
  if (!refs.length) return {};
  const found = new Set((await db.select({ name: media.name }).from(media).where(inArray(media.name, [...new Set(refs.map((r) => r.name))]))).map((r) => r.name));
  return Object.fromEntries(refs.filter((r) => !found.has(r.name)).map((r) => [r.path, r.message]));
}

/**
 * A unit's new content: a new version when the latest is published, else the latest changed in place;
 * nothing when the content is the same. Answers are kept by step id, so no version loses progress.
 */
export async function storeUnitContent(tx: Db, unitId: number, content: Pick<Unit, 'title' | 'steps'>, staffId: number | null): Promise<'same' | 'edited' | 'new_version'> {
  const [latest] = await tx.select().from(libraryUnitVersions).where(eq(libraryUnitVersions.unitId, unitId)).orderBy(desc(libraryUnitVersions.version)).limit(1);
  const steps = content.steps as StoredStep[];
  if (latest && canonical({ title: latest.title, steps: latest.steps }) === canonical({ title: content.title, steps })) return 'same';
  if (latest && !latest.publishedAt) {
    await tx.update(libraryUnitVersions).set({ title: content.title, steps, createdBy: staffId }).where(eq(libraryUnitVersions.id, latest.id));
    return 'edited';
  }
  await tx.insert(libraryUnitVersions).values({ unitId, version: (latest?.version ?? 0) + 1, title: content.title, steps, createdBy: staffId });
  return 'new_version';
}

type CourseRow = typeof libraryCourses.$inferSelect;
/** A course's own fields as students and tutors see them (the slug aside). */
export type CourseMeta = PendingCourseFields['fields'];
export const metaOf = (c: Pick<CourseRow, 'subject' | 'level' | 'ageBand' | 'title' | 'description'>): CourseMeta => ({ subject: c.subject, level: c.level, ageBand: c.ageBand, title: c.title, description: c.description });

/** What proposeFields did: nothing new (`same`: also when the same fields already wait), took them at once, dropped what waited, or holds them for review. */
export type FieldsOutcome = 'same' | 'applied' | 'withdrawn' | 'pending';

/**
 * New fields for a course (the editor's form, an imported file's head), under the review's rule: a
 * course never published takes them at once (nobody sees it before its review); a published one
 * keeps showing its published fields and holds these for review (`pending_fields`, with everyone who
 * wrote them), or drops what waited when they are the published ones again. `publish` (the seed's starter
 * set, reviewed in the repository's diffs): at once. Answers what it did.
 */
export async function proposeFields(tx: Db, course: CourseRow, meta: CourseMeta, staffId: number | null, now: Date, opts: { publish?: boolean } = {}): Promise<FieldsOutcome> {
  const same = (a: CourseMeta, b: CourseMeta) => canonical(a) === canonical(b);
  const set = (values: Partial<CourseRow>) => tx.update(libraryCourses).set({ ...values, updatedAt: now }).where(eq(libraryCourses.id, course.id));
  if (!course.publishedAt || opts.publish) {
    if (same(metaOf(course), meta) && !course.pendingFields) return 'same';
    await set({ ...meta, pendingFields: null });
    return 'applied';
  }
  if (same(metaOf(course), meta)) {
    if (!course.pendingFields) return 'same';
    await set({ pendingFields: null });
    return 'withdrawn';
  }
  // Everyone who wrote a part of what waits: a later save carries the earlier writers' edits too.
  const by = [...new Set([...(course.pendingFields?.by ?? []), ...(staffId !== null ? [staffId] : [])])];
  if (course.pendingFields && same(course.pendingFields.fields, meta) && by.length === course.pendingFields.by.length) return 'same';
  await set({ pendingFields: { fields: meta, by } });
  return 'pending';
}

/** Publishes a course: its status, the fields that waited for review, and the latest version of each unit students now get. */
export async function publishCourseVersions(tx: Db, courseId: number, reviewerId: number | null, now: Date): Promise<void> {
  const [course] = await tx.select({ pendingFields: libraryCourses.pendingFields }).from(libraryCourses).where(eq(libraryCourses.id, courseId));
  const fields = course?.pendingFields ? { ...course.pendingFields.fields, pendingFields: null } : {};
  await tx.update(libraryCourses).set({ ...fields, status: 'published', reviewerId, publishedAt: now, updatedAt: now }).where(eq(libraryCourses.id, courseId));
  const units = await tx.select({ id: libraryUnits.id }).from(libraryUnits).where(and(eq(libraryUnits.courseId, courseId), isNull(libraryUnits.archivedAt)));
  for (const u of units) {
    const [latest] = await tx.select().from(libraryUnitVersions).where(eq(libraryUnitVersions.unitId, u.id)).orderBy(desc(libraryUnitVersions.version)).limit(1);
    if (latest && !latest.publishedAt) await tx.update(libraryUnitVersions).set({ publishedAt: now }).where(eq(libraryUnitVersions.id, latest.id));
  }
}

export type ImportResult = { courseId: number; created: boolean; fieldsChanged: boolean; units: Record<string, 'same' | 'edited' | 'new_version' | 'added'>; archived: number };

/**
 * Imports a course file (docs/library.md). The whole file is checked first: on any problem nothing is
 * stored and a 422 `library_file_invalid` names each place (`units[2].steps[4].answer`). A file whose
 * slug exists is an edit of that course: units are matched by id, and each changed unit follows the
 * versioning rule (storeUnitContent), and so do its fields (proposeFields: a published course's wait
 * for review); units missing from the file are archived, their progress kept.
 * `publish`: the seed's starter set goes straight to students; a school's import stays a draft.
 */
export async function importCourse(db: Db, actor: LibraryActor, file: unknown, opts: { now: Date; publish?: boolean }): Promise<ImportResult> {
  const parsed = parseCourseFile(file);
  if (!parsed.ok) throw new ApiError(422, 'library_file_invalid', parsed.problems);
  const course = parsed.course;
  const audio = await missingMedia(db, course);
  if (Object.keys(audio).length) throw new ApiError(422, 'library_file_invalid', audio);
  const staffId = staffIdOf(actor);
  return transaction(db, async (tx) => {
    // One import of a slug at a time (two instances seeding at once, two methodologists importing).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`library_course:${course.slug}`}))`);
    const meta = { subject: course.subject, level: course.level, ageBand: course.ageBand, title: course.title, description: course.description };
    const [existing] = await tx.select().from(libraryCourses).where(eq(libraryCourses.slug, course.slug)).for('update');
    let courseId: number;
    let fieldsChanged = false;
    if (existing) {
      courseId = existing.id;
      fieldsChanged = (await proposeFields(tx, existing, meta, staffId, opts.now, { publish: opts.publish })) !== 'same';
    } else {
      const [row] = await tx
        .insert(libraryCourses)
        .values({ slug: course.slug, ...meta, authorId: staffId, createdAt: opts.now, updatedAt: opts.now })
        .returning({ id: libraryCourses.id });
      courseId = row!.id;
    }
    const units: ImportResult['units'] = {};
    for (const [position, unit] of course.units.entries()) {
      const [found] = await tx.select().from(libraryUnits).where(and(eq(libraryUnits.courseId, courseId), eq(libraryUnits.key, unit.id)));
      let unitId: number;
      if (found) {
        unitId = found.id;
        if (found.position !== position || found.archivedAt) await tx.update(libraryUnits).set({ position, archivedAt: null }).where(eq(libraryUnits.id, unitId));
      } else {
        const [row] = await tx.insert(libraryUnits).values({ courseId, key: unit.id, position, createdAt: opts.now }).returning({ id: libraryUnits.id });
        unitId = row!.id;
      }
      const outcome = await storeUnitContent(tx, unitId, unit, staffId);
      units[unit.id] = found ? outcome : 'added';
    }
    const gone = await tx
      .update(libraryUnits)
      .set({ archivedAt: opts.now })
      .where(and(eq(libraryUnits.courseId, courseId), isNull(libraryUnits.archivedAt), notInArray(libraryUnits.key, course.units.map((u) => u.id))))
      .returning({ id: libraryUnits.id });
    if (opts.publish) await publishCourseVersions(tx, courseId, staffId, opts.now);
    return { courseId, created: !existing, fieldsChanged, units, archived: gone.length };
  });
}

/** A course as its file: the latest version of each unit in place (published or not). Import of it gives the same content. */
export async function exportCourse(db: Db, courseId: number): Promise<CourseFile> {
  const [course] = await db.select().from(libraryCourses).where(eq(libraryCourses.id, courseId));
  if (!course) throw new ApiError(404, 'not_found');
  const units = await db
    .select()
    .from(libraryUnits)
    .where(and(eq(libraryUnits.courseId, courseId), isNull(libraryUnits.archivedAt)))
    .orderBy(asc(libraryUnits.position));
  const out = [];
  for (const u of units) {
    const [latest] = await db.select().from(libraryUnitVersions).where(eq(libraryUnitVersions.unitId, u.id)).orderBy(desc(libraryUnitVersions.version)).limit(1);
    if (latest) out.push({ id: u.key, title: latest.title, steps: latest.steps });
  }
  // Through the schema: the file's keys come out in the documented order.
  return courseFileSchema.parse({
    format: COURSE_FORMAT,
    version: COURSE_FORMAT_VERSION,
    slug: course.slug,
    // The latest fields, like the latest version of each unit: those waiting for review, if any.
    ...(course.pendingFields?.fields ?? metaOf(course)),
    units: out,
  });
}
