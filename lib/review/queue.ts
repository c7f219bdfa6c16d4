import 'server-only';
import { and, asc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { maskPhone } from '@/lib/mask';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { applicationEvents, staff, tutorApplications, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listDocuments } from './documents';
import { OPEN_STATUSES, type ApplicationQueueFilter, type ApplicationStatus } from '@/lib/validations/review';


/** Waiting for the school and past its due date (the promise of 5 business days is broken). */
export const isOverdue = (a: { status: string; reviewDueAt: Date }, now: Date) =>
  (OPEN_STATUSES as readonly string[]).includes(a.status) && a.reviewDueAt.getTime() < now.getTime();

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

function queueWhere(f: ApplicationQueueFilter, now: Date): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.status === 'open') where.push(inArray(tutorApplications.status, [...OPEN_STATUSES]));
  else if (f.status !== 'all') where.push(eq(tutorApplications.status, f.status));
  if (f.overdue) where.push(and(inArray(tutorApplications.status, [...OPEN_STATUSES]), lt(tutorApplications.reviewDueAt, now)));
  const q = f.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const phone = digits.length >= 3 && !/[^\d\s()+-]/.test(q) ? (digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits) : null;
    where.push(
      phone
        ? sql`regexp_replace(${users.phone}, '\\D', '', 'g') like ${like(phone)}`
        : or(ilike(users.name, like(q)), ilike(users.lastname, like(q)), ilike(users.secondname, like(q)), ilike(sql`${users.name} || ' ' || ${users.lastname}`, like(q)), ilike(sql`${users.lastname} || ' ' || ${users.name}`, like(q))),
    );
  }
  const list = where.filter((w): w is SQL => !!w);
  return list.length ? and(...list) : undefined;
}

export interface QueueRow {
  id: number;
  status: ApplicationStatus;
  round: number;
  submittedAt: Date;
  reviewDueAt: Date;
  decidedAt: Date | null;
  overdue: boolean;
  name: string;
  lastname: string;
  secondname: string | null;
  phone: string;
  subject: string | null;
  locale: string;
  reviewerId: number | null;
  reviewerName: string | null;
}

/**
 * The review queue: oldest due date first (then the oldest application), filtered and paginated on
 * the server. Phones come masked: the list is not a place to read them (the detail is, with an audit row).
 */
export async function listApplications(db: Db, f: ApplicationQueueFilter, now = new Date()) {
  const cond = queueWhere(f, now);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: tutorApplications.id,
        status: tutorApplications.status,
        round: tutorApplications.round,
        submittedAt: tutorApplications.submittedAt,
        reviewDueAt: tutorApplications.reviewDueAt,
        decidedAt: tutorApplications.decidedAt,
        name: users.name,
        lastname: users.lastname,
        secondname: users.secondname,
        phone: users.phone,
        subject: users.subject,
        locale: users.locale,
        reviewerId: tutorApplications.reviewerId,
        reviewerName: staff.name,
      })
      .from(tutorApplications)
      .innerJoin(users, eq(users.id, tutorApplications.userId))
      .leftJoin(staff, eq(staff.id, tutorApplications.reviewerId))
      .where(cond)
      .orderBy(asc(tutorApplications.reviewDueAt), asc(tutorApplications.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tutorApplications)
      .innerJoin(users, eq(users.id, tutorApplications.userId))
      .where(cond),
  ]);
  return {
    rows: rows.map((r): QueueRow => ({ ...r, phone: maskPhone(r.phone), overdue: isOverdue(r, now) })),
    total: count?.n ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

export interface HistoryEvent {
  id: number;
  type: string;
  reasons: string[] | null;
  note: string | null;
  staffId: number | null;
  staffName: string | null;
  createdAt: Date;
}

/** One application as the reviewer sees it, without the audit row (applicationForStaff writes it). */
export async function loadApplication(db: Db, id: number, now = new Date()) {
  const [row] = await db
    .select({ app: tutorApplications, user: users, reviewerName: staff.name })
    .from(tutorApplications)
    .innerJoin(users, eq(users.id, tutorApplications.userId))
    .leftJoin(staff, eq(staff.id, tutorApplications.reviewerId))
    .where(eq(tutorApplications.id, id))
    .limit(1);
  if (!row) return null;
  const history: HistoryEvent[] = await db
    .select({
      id: applicationEvents.id,
      type: applicationEvents.type,
      reasons: applicationEvents.reasons,
      note: applicationEvents.note,
      staffId: applicationEvents.staffId,
      staffName: staff.name,
      createdAt: applicationEvents.createdAt,
    })
    .from(applicationEvents)
    .leftJoin(staff, eq(staff.id, applicationEvents.staffId))
    .where(eq(applicationEvents.applicationId, id))
    .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
  const documents = await listDocuments(db, id);
  const { app, user } = row;
  return {
    id: app.id,
    status: app.status,
    round: app.round,
    submittedAt: app.submittedAt,
    reviewDueAt: app.reviewDueAt,
    reviewStartedAt: app.reviewStartedAt,
    decidedAt: app.decidedAt,
    overdue: isOverdue(app, now),
    reasons: app.reasons,
    note: app.reviewNote,
    reviewerId: app.reviewerId,
    reviewerName: row.reviewerName,
    tutor: {
      userId: user.id,
      name: user.name,
      lastname: user.lastname,
      secondname: user.secondname,
      phone: user.phone,
      email: user.email,
      subject: user.subject,
      teachingLanguage: user.teachingLanguage,
      tutorKind: user.tutorKind,
      locale: user.locale,
    },
    history,
    /** Documents the tutor attached (no bytes: a reviewer downloads each through /api/admin/applications/[id]/documents/[docId]). */
    documents,
  };
}
export type ApplicationDetail = NonNullable<Awaited<ReturnType<typeof loadApplication>>>;

/**
 * The detail for staff, with the whole phone and e-mail: a view of personal data, so an audit row
 * `application.view` is written for every one. 404 when there is no such application.
 */
export async function applicationForStaff(db: Db, actor: Actor, id: number, now = new Date()): Promise<ApplicationDetail> {
  const detail = await loadApplication(db, id, now);
  if (!detail) throw new ApiError(404, 'not_found');
  await audit(db, actor, { action: 'application.view', entity: 'tutor_application', entityId: id });
  return detail;
}

/** The queue as reviewers see it (tutors' names, masked phones): one `application.list` audit row. */
export async function viewApplicationQueue(db: Db, actor: Actor, f: ApplicationQueueFilter, now = new Date()) {
  const list = await listApplications(db, f, now);
  await auditListView(db, actor, { action: 'application.list', entity: 'application', filter: f, total: list.total });
  return list;
}
