import 'server-only';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ApiError } from '@/lib/api/errors';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { open, seal } from '@/lib/crypto/secret-box';
import { isUniqueViolation } from '@/lib/db/errors';
import { likeEscape } from '@/lib/db/like';
import { companyEmployees, companyInvitations, testAttempts } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import { translatorFor } from '@/lib/i18n/translate';
import { employeeLeavesGroups } from '@/lib/groups/corporate';
import { employeeLeavesPool } from '@/lib/payments/company-pools';
import { hashIin, kazakhResultView } from '@/lib/quiz/attempts';
import { employeeStatusSql, type InvitationStatus } from './invitations';
import { readRosterFile, ROSTER_MAX_BYTES } from './roster-file';
import { checkRows, type RosterRow } from './roster-rows';

const IIN_PURPOSE = 'company-iin';
export const sealIin = (iin: string) => seal(iin, appSecret(), IIN_PURPOSE);
/** The full IIN: only for the audited full-IIN export. */
export const openIin = (sealed: string) => open(sealed, appSecret(), IIN_PURPOSE);

/** The preview of an import, with every problem and note in the HR person's language. */
export async function checkRosterFile(db: Db, companyId: number, data: Buffer, locale: string, opts: { countExisting?: boolean } = {}) {
  const t = translatorFor(locale, 'Company');
  if (data.length === 0) throw new ApiError(422, 'validation_failed', { file: 'roster_file_empty' });
  if (data.length > ROSTER_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  const parsed = await readRosterFile(data);
  if (!parsed.ok) throw new ApiError(422, 'validation_failed', { file: `roster_file_${parsed.reason}` });
  const { rows, problems, notes } = checkRows(parsed.rows);
  // IINs already on the roster: those rows update the employee instead of adding one.
  const hashes = opts.countExisting === false ? [] : rows.filter((r) => /^\d{12}$/.test(r.iin)).map((r) => hashIin(r.iin, appSecret()));
  const existing = new Set<string>();
  for (let i = 0; i < hashes.length; i += 1000) {
    const found = await db
      .select({ h: companyEmployees.iinHash })
      .from(companyEmployees)
      .where(and(eq(companyEmployees.companyId, companyId), inArray(companyEmployees.iinHash, hashes.slice(i, i + 1000))));
    for (const f of found) existing.add(f.h);
  }
  const updates = rows.filter((r) => /^\d{12}$/.test(r.iin) && existing.has(hashIin(r.iin, appSecret()))).length;
  const label = (field: string) => t(`roster.column.${field}` as 'roster.column.iin');
  return {
    rows,
    summary: {
      total: rows.length,
      withProblems: new Set(problems.map((p) => p.line)).size,
      added: rows.length - updates,
      updated: updates,
      restored: notes.length,
    },
    problems: problems.map((p) => ({ ...p, column: label(p.field), message: t(`roster.problem.${p.code}`, { other: p.other ?? 0 }) })),
    notes: notes.map((n) => ({ ...n, message: t(`roster.note.${n.code}`) })),
  };
}

/**
 * The import itself, all or nothing: with a single problem nothing is saved (422 with the preview);
 * otherwise every row is added, or updates the employee with the same IIN, in one transaction.
 */
export async function importRoster(db: Db, actor: Actor, companyId: number, data: Buffer, locale: string, now = new Date()) {
  // The added/updated split comes from the insert itself (xmax = 0: a new row), not a lookup first.
  const preview = await checkRosterFile(db, companyId, data, locale, { countExisting: false });
  if (preview.problems.length > 0) return { imported: false as const, preview: { ...preview, rows: undefined } };
  const secret = appSecret();
  let added = 0;
  await transaction(db, async (tx) => {
    const values = preview.rows.map((r: RosterRow) => ({
      companyId,
      lastName: r.lastName,
      firstName: r.firstName,
      iinHash: hashIin(r.iin, secret),
      iinLast4: r.iin.slice(-4),
      iinSealed: sealIin(r.iin),
      positionCode: r.positionCode,
      department: r.department,
      phone: r.phone,
      email: r.email,
      locale: r.locale,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < values.length; i += 500) {
      const done = await tx
        .insert(companyEmployees)
        .values(values.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [companyEmployees.companyId, companyEmployees.iinHash],
          set: {
            lastName: sql`excluded.last_name`,
            firstName: sql`excluded.first_name`,
            positionCode: sql`excluded.position_code`,
            department: sql`excluded.department`,
            phone: sql`excluded.phone`,
            email: sql`excluded.email`,
            locale: sql`excluded.locale`,
            updatedAt: now,
          },
        })
        .returning({ added: sql<boolean>`(xmax = 0)` });
      added += done.filter((d) => d.added).length;
    }
    preview.summary.added = added;
    preview.summary.updated = preview.rows.length - added;
    await audit(tx, actor, { action: 'roster.import', entity: 'company', entityId: companyId, after: preview.summary });
  });
  return { imported: true as const, summary: preview.summary, notes: preview.notes };
}

export interface EmployeeInput {
  lastName: string;
  firstName: string;
  iin: string;
  positionCode: string;
  department?: string | null;
  phone?: string | null;
  email?: string | null;
  locale: 'ru' | 'kk' | 'en';
}

const publicEmployee = (e: typeof companyEmployees.$inferSelect) => ({
  id: e.id,
  lastName: e.lastName,
  firstName: e.firstName,
  iinLast4: e.iinLast4,
  positionCode: e.positionCode,
  department: e.department,
  phone: e.phone,
  email: e.email,
  locale: e.locale,
  updatedAt: e.updatedAt,
});

export async function listEmployees(db: Db, companyId: number, f: { q?: string; status?: InvitationStatus; page: number; pageSize: number }, now = new Date()) {
  const where: SQL[] = [eq(companyEmployees.companyId, companyId)];
  if (f.q) {
    const like = `%${likeEscape(f.q)}%`;
    const digits = f.q.replace(/\D/g, '');
    where.push(
      or(
        ilike(companyEmployees.lastName, like),
        ilike(companyEmployees.firstName, like),
        ilike(companyEmployees.positionCode, like),
        ilike(companyEmployees.department, like),
        digits.length === 12 ? eq(companyEmployees.iinHash, hashIin(digits, appSecret())) : undefined,
      )!,
    );
  }
  // The invitation status (lib/company-portal/invitations.ts): the invitation and the attempt its link started.
  const status = employeeStatusSql(now);
  if (f.status) where.push(sql`${status} = ${f.status}`);
  const cond = and(...where);
  const base = () =>
    db
      .select({ e: companyEmployees, status, deadline: companyInvitations.deadline, result: testAttempts.result, finishedAt: testAttempts.finishedAt })
      .from(companyEmployees)
      .leftJoin(companyInvitations, eq(companyInvitations.employeeId, companyEmployees.id))
      .leftJoin(testAttempts, eq(testAttempts.tokenHash, companyInvitations.tokenHash));
  const [rows, [count]] = await Promise.all([
    base().where(cond).orderBy(asc(companyEmployees.lastName), asc(companyEmployees.firstName), asc(companyEmployees.id)).limit(f.pageSize).offset((f.page - 1) * f.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyEmployees)
      .leftJoin(companyInvitations, eq(companyInvitations.employeeId, companyEmployees.id))
      .leftJoin(testAttempts, eq(testAttempts.tokenHash, companyInvitations.tokenHash))
      .where(cond),
  ]);
  return {
    rows: rows.map((r) => ({
      ...publicEmployee(r.e),
      status: r.status,
      deadline: r.deadline,
      level: r.status === 'finished' && r.result ? kazakhResultView(r.result).level : null,
      finishedAt: r.finishedAt,
    })),
    total: count?.n ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** One employee of the company, or 404 (another company's employee is "not found" too). */
export async function getEmployee(db: Db, companyId: number, id: number) {
  const [row] = await db.select().from(companyEmployees).where(and(eq(companyEmployees.id, id), eq(companyEmployees.companyId, companyId))).limit(1);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export async function addEmployee(db: Db, actor: Actor, companyId: number, input: EmployeeInput, now = new Date()) {
  return transaction(db, async (tx) => {
    try {
      const [row] = await tx
        .insert(companyEmployees)
        .values({ ...input, companyId, iinHash: hashIin(input.iin, appSecret()), iinLast4: input.iin.slice(-4), iinSealed: sealIin(input.iin), createdAt: now, updatedAt: now })
        .returning();
      await audit(tx, actor, { action: 'employee.create', entity: 'company_employee', entityId: row!.id, after: { companyId } });
      return publicEmployee(row!);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'conflict', { iin: 'iin_on_roster' });
      throw err;
    }
  });
}

export async function updateEmployee(db: Db, actor: Actor, companyId: number, id: number, patch: Partial<EmployeeInput>, now = new Date()) {
  return transaction(db, async (tx) => {
    const before = await getEmployee(tx, companyId, id);
    const set: Partial<typeof companyEmployees.$inferInsert> = { updatedAt: now };
    for (const k of ['lastName', 'firstName', 'positionCode', 'department', 'phone', 'email', 'locale'] as const) if (patch[k] !== undefined) (set as Record<string, unknown>)[k] = patch[k];
    if (patch.iin) Object.assign(set, { iinHash: hashIin(patch.iin, appSecret()), iinLast4: patch.iin.slice(-4), iinSealed: sealIin(patch.iin) });
    try {
      const [row] = await tx.update(companyEmployees).set(set).where(and(eq(companyEmployees.id, id), eq(companyEmployees.companyId, companyId))).returning();
      await audit(tx, actor, { action: 'employee.update', entity: 'company_employee', entityId: id, before: { positionCode: before.positionCode, department: before.department }, after: { fields: Object.keys(patch) } });
      return publicEmployee(row!);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'conflict', { iin: 'iin_on_roster' });
      throw err;
    }
  });
}

export async function removeEmployee(db: Db, actor: Actor, companyId: number, id: number, now = new Date()) {
  return transaction(db, async (tx) => {
    await getEmployee(tx, companyId, id);
    // Their pool lessons booked 8 hours or more ahead are cancelled, and every lesson given to them
    // and not spent goes back to the company's pool first (docs/payments.md).
    const { lessonsReturned, lessonsCancelled } = await employeeLeavesPool(tx, companyId, id, now);
    // Their seats in the company's groups end: the lessons not yet held go back to the company's group money.
    const groupReturnedTiyn = await employeeLeavesGroups(tx, companyId, id, now);
    await tx.delete(companyEmployees).where(and(eq(companyEmployees.id, id), eq(companyEmployees.companyId, companyId)));
    const after = lessonsReturned > 0 || lessonsCancelled > 0 || groupReturnedTiyn > 0 ? { lessonsReturned, ...(lessonsCancelled > 0 ? { lessonsCancelled } : {}), ...(groupReturnedTiyn > 0 ? { groupReturnedTiyn } : {}) } : undefined;
    await audit(tx, actor, { action: 'employee.delete', entity: 'company_employee', entityId: id, after });
    return { removed: true, lessonsReturned, lessonsCancelled };
  });
}

/** The template: headers in the HR person's language, the IIN column formatted as text ("@"). */
export async function rosterTemplate(locale: string): Promise<Buffer> {
  const t = translatorFor(locale, 'Company');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('roster.template.sheet'));
  const fields = ['lastName', 'firstName', 'iin', 'positionCode', 'department', 'phone', 'email', 'locale'] as const;
  sheet.columns = fields.map((f) => ({ header: t(`roster.column.${f}`), key: f, width: f === 'iin' ? 16 : 22, style: f === 'iin' || f === 'phone' ? { numFmt: '@' } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({ lastName: 'Сәрсенова', firstName: 'Әйгерім', iin: '061211600012', positionCode: 'HR-01', department: t('roster.template.exampleDepartment'), phone: '+77011234567', email: 'aigerim@example.kz', locale: 'kk' });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The roster as HR see it (names, phones, e-mails, IINs' last digits): one `employee.list` audit row. */
export async function viewEmployees(db: Db, actor: Actor, companyId: number, f: { q?: string; status?: InvitationStatus; page: number; pageSize: number }, now = new Date()) {
  const list = await listEmployees(db, companyId, f, now);
  await auditListView(db, actor, { action: 'employee.list', entity: 'employee', filter: f, total: list.total });
  return list;
}
