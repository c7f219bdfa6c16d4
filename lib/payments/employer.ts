import 'server-only';
// A student's employer (docs/payments.md, "Company lesson pools"): the roster rows of companies whose
// employee this account is, and what the cabinet shows of them ("from your employer, <company>:
// N lessons left"). An account is a roster row's employee when it took HR's invitation to the
// lessons (`company_employees.user_id`), or, for a row nobody took, when the account's phone (proven
// by an SMS code at registration, and never changed since) equals the row's phone and no other row
// of that company has the same phone (a shared number names nobody). Only students.
import { and, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { hasUserScope } from '@/lib/auth/scope';
import { ledgerEntries, lessons, tutorProfiles, users } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import type { Db } from '@/lib/db/types';
import { lessonsLeft, poolTutorPriceMax } from '@/lib/lessons/money';
import { ACCOUNTS } from '@/lib/money/ledger';

export interface EmployerLink {
  employeeId: number;
  companyId: number;
  company: string;
  lastName: string;
  firstName: string;
}

type Student = { id: number; phone: string; scope: string };

/** The roster rows this account is the employee of (oldest first); none for a tutor or an account no row names. */
export async function employerLinks(db: Db, user: Student): Promise<EmployerLink[]> {
  if (!hasUserScope(user.scope, 'student')) return [];
  const rows = rowsOf<{ id: number; company_id: number; company: string; last_name: string; first_name: string }>(
    await db.execute(sql`
      select e.id, e.company_id, c.name as company, e.last_name, e.first_name
        from company_employees e join companies c on c.id = e.company_id
       where e.user_id = ${user.id}
          or (e.user_id is null and e.phone = ${user.phone}
              and not exists (select 1 from company_employees o where o.company_id = e.company_id and o.id <> e.id and o.phone = e.phone)
              and not exists (select 1 from company_employees b where b.company_id = e.company_id and b.user_id = ${user.id}))
       order by e.id`),
  );
  return rows.map((r) => ({ employeeId: Number(r.id), companyId: Number(r.company_id), company: r.company, lastName: r.last_name, firstName: r.first_name }));
}

/** This account's roster row `employeeId`, or null when the account is not that employee (another company's, or no match). */
export async function matchedEmployee(db: Db, user: Student, employeeId: number): Promise<EmployerLink | null> {
  return (await employerLinks(db, user)).find((l) => l.employeeId === employeeId) ?? null;
}

/** The lessons left on an employee's account (every invoice's). */
export async function employeeLessonsLeft(db: Db, employeeId: number): Promise<number> {
  return (await lessonsLeft(db, ACCOUNTS.employeeBalance(employeeId))).reduce((s, r) => s + r.lessons, 0);
}

export interface EmployerView {
  employeeId: number;
  company: string;
  /** Lessons HR gave this employee, not yet booked. */
  lessonsLeft: number;
  /** Booked from the pool and still ahead. */
  upcoming: number;
  /** The highest tutor price (tenge) a pool lesson pays for. */
  tutorPriceMax: number;
  /** Tutors this employee had pool lessons with (newest first), for "book again". */
  tutors: { id: number; name: string; slug: string }[];
}

/**
 * What the cabinet shows of the employers' lessons: per matched roster row that was ever given
 * lessons (a roster kept for the Kazakh test alone shows nothing), the lessons left, booked ahead and
 * the tutors so far.
 */
export async function employerView(db: Db, user: Student, now = new Date()): Promise<EmployerView[]> {
  const matched = await employerLinks(db, user);
  if (matched.length === 0) return [];
  const given = new Set(
    (
      await db
        .selectDistinct({ account: ledgerEntries.account })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.account, matched.map((l) => ACCOUNTS.employeeBalance(l.employeeId))))
    ).map((r) => r.account),
  );
  const links = matched.filter((l) => given.has(ACCOUNTS.employeeBalance(l.employeeId)));
  if (links.length === 0) return [];
  const ids = links.map((l) => l.employeeId);
  const ahead = await db
    .select({ employeeId: lessons.companyEmployeeId, n: sql<number>`count(*)::int` })
    .from(lessons)
    .where(and(inArray(lessons.companyEmployeeId, ids), eq(lessons.studentId, user.id), eq(lessons.status, 'booked'), isNotNull(lessons.poolTutorPrice), gt(lessons.endsAt, now)))
    .groupBy(lessons.companyEmployeeId);
  const past = await db
    .selectDistinctOn([lessons.companyEmployeeId, lessons.tutorId], { employeeId: lessons.companyEmployeeId, id: lessons.tutorId, name: users.name, lastname: users.lastname, slug: tutorProfiles.slug, at: lessons.startsAt })
    .from(lessons)
    .innerJoin(users, eq(users.id, lessons.tutorId))
    .innerJoin(tutorProfiles, eq(tutorProfiles.userId, lessons.tutorId))
    .where(and(inArray(lessons.companyEmployeeId, ids), eq(lessons.studentId, user.id), isNotNull(lessons.poolTutorPrice), ne(lessons.status, 'hold')))
    .orderBy(lessons.companyEmployeeId, lessons.tutorId, desc(lessons.startsAt));
  const out: EmployerView[] = [];
  for (const l of links) {
    const tutors = past
      .filter((p) => p.employeeId === l.employeeId)
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, 5)
      .map((p) => ({ id: p.id, name: `${p.name} ${Array.from(p.lastname)[0] ?? ''}.`.trim(), slug: p.slug }));
    out.push({ employeeId: l.employeeId, company: l.company, lessonsLeft: await employeeLessonsLeft(db, l.employeeId), upcoming: ahead.find((a) => a.employeeId === l.employeeId)?.n ?? 0, tutorPriceMax: poolTutorPriceMax(), tutors });
  }
  return out;
}
