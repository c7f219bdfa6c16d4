// How long rows of the tables that grow with traffic are kept, and the clean-up that enforces it.
// Run hourly by the background loop (lib/server/services.ts); safe on any number of instances at once.
// Personal data (leads, Kazakh test takers) is anonymised rather than deleted: see the end of the file.
import 'server-only';
import { and, getTableName, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { REFRESH_ABSOLUTE_S } from '@/lib/auth/tokens';
import { audit, type Actor } from '@/lib/audit/log';
import { ANONYMISED } from '@/lib/db/anonymised';
import {
  captchaTokens,
  companyEmployees,
  companyInvitations,
  certificatePdfs,
  certificates,
  emailConfirmations,
  kazakhTestTakers,
  leadEvents,
  leads,
  lessonRoomEvents,
  lessons,
  libraryAnswers,
  media,
  outbox,
  passwordResets,
  rateLimits,
  refreshTokens,
  securityEvents,
  smsCodes,
} from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { employeeLeavesGroups } from '@/lib/groups/corporate';
import { employeeLeavesPool } from '@/lib/payments/company-pools';
import { RECORDING_DAYS } from '@/lib/validations/homework';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The lesson room's call traffic (signals, media state) and replaced notes are kept this long. */
export const ROOM_LOG_DAYS = 7;

export interface RetentionRule {
  table: string;
  /** What is kept, in words (docs/operations.md). */
  keeps: string;
  from: PgTable;
  /** The primary key, for deleting in batches. */
  key: PgColumn[];
  /** Rows that may go at `now`. */
  expired: (now: Date) => SQL | undefined;
}

/** Rows whose `column` lies more than `ms` before `now`. */
const olderThan = (column: PgColumn, ms: number) => (now: Date) => lt(column, new Date(now.getTime() - ms));

/**
 * Up to `batch` rows of `table` that match `where`, as a condition on its key: the rows are taken
 * with SKIP LOCKED, so instances at work at the same moment share them instead of waiting.
 */
function batchOf(table: PgTable, key: PgColumn | PgColumn[], where: SQL | undefined, batch: number): SQL {
  const k = Array.isArray(key) ? sql.join(key, sql`, `) : key;
  return sql`(${k}) in (select ${k} from ${table} where ${where} limit ${batch} for update skip locked)`;
}

/** The rule for the table `from` (primary key `key`). */
function rule(from: PgTable, key: PgColumn[], keeps: string, expired: RetentionRule['expired']): RetentionRule {
  return { table: getTableName(from), keeps, from, key, expired };
}

export const RETENTION_RULES: RetentionRule[] = [
  // The longest window in use is a day (SMS budgets, Kazakh test per company); an hour's margin.
  rule(rateLimits, [rateLimits.key, rateLimits.windowStart], 'windows that started in the last 25 hours', olderThan(rateLimits.windowStart, DAY + HOUR)),
  // The per-phone back-off reads the last 24 hours of sends; smsConversion reads security_events.
  rule(smsCodes, [smsCodes.id], 'codes until a day after they expired', olderThan(smsCodes.expiresAt, DAY)),
  // reCAPTCHA tokens are good for two minutes: after that Google refuses them itself.
  rule(captchaTokens, [captchaTokens.tokenHash], 'token hashes for a day', olderThan(captchaTokens.createdAt, DAY)),
  rule(outbox, [outbox.id], 'pending messages until sent; sent and failed ones for 30 days', (now) =>
    and(inArray(outbox.status, ['sent', 'failed']), olderThan(outbox.createdAt, 30 * DAY)(now)),
  ),
  // A whole family goes at once, so reuse detection holds for as long as any token of it could work.
  rule(refreshTokens, [refreshTokens.id], 'every token of a session until a day after its 30-day lifetime', olderThan(refreshTokens.familyCreatedAt, REFRESH_ABSOLUTE_S * 1000 + DAY)),
  rule(passwordResets, [passwordResets.id], 'links until a day after they expired (used or not)', olderThan(passwordResets.expiresAt, DAY)),
  rule(emailConfirmations, [emailConfirmations.id], 'links until a day after they expired (used or not)', olderThan(emailConfirmations.expiresAt, DAY)),
  // Long enough for investigations and for smsConversion over any period of the last year.
  rule(securityEvents, [securityEvents.id], 'events for 365 days', olderThan(securityEvents.createdAt, 365 * DAY)),
  // The lesson room's log (docs/marketplace.md, the lesson room): what the lesson's record shows
  // (chat, the last notes, the words, the board) stays with the lesson; the call's own traffic
  // (WebRTC signals, media state) and notes a later version replaced go after ROOM_LOG_DAYS.
  rule(lessonRoomEvents, [lessonRoomEvents.lessonId, lessonRoomEvents.seq], `signals, media state and replaced notes for ${ROOM_LOG_DAYS} days; chat, the last notes, words and the board with the lesson`, (now) =>
    and(
      olderThan(lessonRoomEvents.createdAt, ROOM_LOG_DAYS * DAY)(now),
      sql`(${lessonRoomEvents.kind} in ('signal', 'presence') or (${lessonRoomEvents.kind} = 'notes' and exists (select 1 from lesson_room_events later where later.lesson_id = ${lessonRoomEvents.lessonId} and later.kind = 'notes' and later.seq > ${lessonRoomEvents.seq})))`,
    ),
  ),
  // Students' voices (docs/library.md, "Homework"): a spoken answer stays RECORDING_DAYS, long enough
  // for its tutor to check it and the student's next lessons; a recording never sent with an answer
  // (recorded, then recorded again or abandoned) goes after a day. The answer keeps the recording's
  // name and the tutor's check; the page says the recording is no longer kept. Other media (tutors'
  // photos, the library's pictures and audio, chat photos) are not in this rule.
  rule(media, [media.name], `students' spoken answers for ${RECORDING_DAYS} days; a recording never sent with an answer for a day`, (now) =>
    and(
      sql`${media.name} ~ '^rec-[0-9]{1,10}-'`,
      olderThan(media.createdAt, DAY)(now),
      // The student's number from the name (rec-<student>-…) reaches their answers by the index; CASE
      // keeps the cast away from any other name, whatever order the planner tests the conditions in.
      sql`(${media.createdAt} < ${new Date(now.getTime() - RECORDING_DAYS * DAY)} or not exists (select 1 from ${libraryAnswers} a where a.student_id = (case when ${media.name} ~ '^rec-[0-9]{1,10}-' then split_part(${media.name}, '-', 2)::bigint end) and a.answer = to_jsonb(${media.name})))`,
    ),
  ),
];

export interface PruneOptions {
  /** Rows deleted per statement (short transactions, short row locks). */
  batch?: number;
  /** Statements per table and pass; a larger backlog goes over the next passes. */
  maxBatches?: number;
}

/**
 * Deletes what every rule lets go at `now`; returns the rows deleted per table. Rows are taken with
 * SKIP LOCKED, so instances pruning at the same moment share the work instead of waiting on each other.
 */
export async function prune(db: Db, now = new Date(), opts: PruneOptions = {}): Promise<Record<string, number>> {
  const batch = opts.batch ?? 1000;
  const maxBatches = opts.maxBatches ?? 100;
  const deleted: Record<string, number> = {};
  for (const rule of RETENTION_RULES) {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const rows = await db
        .delete(rule.from)
        .where(batchOf(rule.from, rule.key, rule.expired(now), batch))
        .returning({ one: sql`1` });
      total += rows.length;
      if (rows.length < batch) break;
    }
    deleted[rule.table] = total;
  }
  return deleted;
}

// ── Personal data ────────────────────────────────────────────────────────────────────────────────
// Leads and Kazakh test takers are not deleted (the counts behind the reports and the certificates
// stay) but anonymised once older than LEAD_RETENTION_DAYS / TEST_TAKER_RETENTION_DAYS (lib/env.ts):
//  - a lead: name and phone become '' (ANONYMISED), its quiz answers and address hash go, and the
//    staff notes on it are emptied; kind, page, utm, status, dates and consent record stay;
//  - a taker: first and last name, worker code and the IIN's last four digits become '', the IIN
//    hash becomes 'anonymised:<id>' (the person may sit the test again); its certificates lose the
//    names and their stored PDF. /certificate/{number} then still confirms number, level, date and
//    status, and says the holder's name was removed under the retention period (a verifier compares
//    the number, level and date with the paper in front of them).
// Every pass that anonymises anything writes one audit row (actor 'system', action
// 'retention.anonymise', the counts and the cut-off dates).

const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, label: 'retention', ipHash: null };

export interface PersonalDataPeriods {
  leadDays: number;
  takerDays: number;
  /** A company's roster row (names, phones, e-mails, sealed IIN) not changed for this long is deleted (with its invitations). */
  rosterDays?: number;
  /** An invitation whose deadline passed this long ago is deleted (its token hash and its link to the employee). */
  invitationDays?: number;
  /** A lesson older than this loses its free text (the student's rating comment). */
  lessonDays?: number;
}

export interface AnonymiseResult {
  leads: number;
  takers: number;
  certificates: number;
  employees?: number;
  invitations?: number;
  lessons?: number;
}

/**
 * The company roster, invitations and lessons (audit, issue 15 #9): deleted or emptied in batches
 * after their periods, one audit row per pass that touched anything.
 */
export async function pruneCompanyAndLessons(db: Db, periods: PersonalDataPeriods, now = new Date(), batch = 500): Promise<Pick<AnonymiseResult, 'employees' | 'invitations' | 'lessons'>> {
  const cutoff = (days: number | undefined) => (days ? new Date(now.getTime() - days * DAY) : null);
  const roster = cutoff(periods.rosterDays);
  const invites = cutoff(periods.invitationDays);
  const lessonCut = cutoff(periods.lessonDays);
  return transaction(db, async (tx) => {
    let employees = 0;
    if (roster) {
      const due = await tx
        .select({ id: companyEmployees.id, companyId: companyEmployees.companyId })
        .from(companyEmployees)
        .where(batchOf(companyEmployees, companyEmployees.id, lt(companyEmployees.updatedAt, roster), batch));
      // As when HR removes them: their pool lessons booked far enough ahead are cancelled, and the
      // lessons given to them and not spent go back to their company's pool first; their seats in the
      // company's groups end, the lessons not yet held back to the company's group money.
      for (const e of due) {
        await employeeLeavesPool(tx, e.companyId, e.id, now);
        await employeeLeavesGroups(tx, e.companyId, e.id, now);
      }
      if (due.length) employees = (await tx.delete(companyEmployees).where(inArray(companyEmployees.id, due.map((e) => e.id))).returning({ id: companyEmployees.id })).length;
    }
    // A batch of the rows past their period is deleted each pass: how many went.
    const invitations = invites ? (await tx.delete(companyInvitations).where(batchOf(companyInvitations, companyInvitations.id, lt(companyInvitations.deadline, invites), batch)).returning({ id: companyInvitations.id })).length : 0;
    const lessonsCleared = lessonCut
      ? (
          await tx
            .update(lessons)
            .set({ ratingComment: null })
            .where(batchOf(lessons, lessons.id, and(lt(lessons.startsAt, lessonCut), isNotNull(lessons.ratingComment)), batch))
            .returning({ id: lessons.id })
        ).length
      : 0;
    const counts = { employees, invitations, lessons: lessonsCleared };
    if (employees || invitations || lessonsCleared) {
      await audit(tx, SYSTEM_ACTOR, {
        action: 'retention.anonymise',
        entity: 'retention',
        after: { ...counts, rosterBefore: roster?.toISOString() ?? null, invitationsBefore: invites?.toISOString() ?? null, lessonsBefore: lessonCut?.toISOString() ?? null },
      });
    }
    return counts;
  });
}

/**
 * Anonymises the leads and test takers older than the periods at `now`, in batches (SKIP LOCKED, so
 * several instances share the work), one transaction per batch with its share of the audit row's
 * counts; returns the totals. Idempotent: rows already anonymised are not touched again.
 */
export async function anonymisePersonalData(db: Db, periods: PersonalDataPeriods, now = new Date(), opts: PruneOptions = {}): Promise<AnonymiseResult> {
  const batch = opts.batch ?? 500;
  const maxBatches = opts.maxBatches ?? 100;
  const leadCutoff = new Date(now.getTime() - periods.leadDays * DAY);
  const takerCutoff = new Date(now.getTime() - periods.takerDays * DAY);
  const total: AnonymiseResult = { leads: 0, takers: 0, certificates: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const done = await transaction(db, async (tx) => {
      const ids = (
        await tx
          .update(leads)
          .set({ name: ANONYMISED, phone: ANONYMISED, answers: null, ipHash: null })
          .where(batchOf(leads, leads.id, sql`${leads.createdAt} < ${leadCutoff} and (${leads.name} <> ${ANONYMISED} or ${leads.phone} <> ${ANONYMISED})`, batch))
          .returning({ id: leads.id })
      ).map((r) => r.id);
      if (ids.length) await tx.update(leadEvents).set({ note: null }).where(and(inArray(leadEvents.leadId, ids), isNotNull(leadEvents.note)));
      const takerIds = (
        await tx
          .update(kazakhTestTakers)
          .set({ firstName: ANONYMISED, lastName: ANONYMISED, workerCode: ANONYMISED, iinLast4: ANONYMISED, iinHash: sql`'anonymised:' || ${kazakhTestTakers.id}`, phoneHash: null })
          .where(batchOf(kazakhTestTakers, kazakhTestTakers.id, sql`${kazakhTestTakers.createdAt} < ${takerCutoff} and ${kazakhTestTakers.iinHash} not like 'anonymised:%'`, batch))
          .returning({ id: kazakhTestTakers.id })
      ).map((r) => r.id);
      const certIds = takerIds.length
        ? (
            await tx
              .update(certificates)
              .set({ firstName: ANONYMISED, lastName: ANONYMISED })
              .where(inArray(certificates.takerId, takerIds))
              .returning({ id: certificates.id })
          ).map((r) => r.id)
        : [];
      if (certIds.length) await tx.delete(certificatePdfs).where(inArray(certificatePdfs.certificateId, certIds));
      const counts = { leads: ids.length, takers: takerIds.length, certificates: certIds.length };
      if (ids.length || takerIds.length) {
        await audit(tx, SYSTEM_ACTOR, {
          action: 'retention.anonymise',
          entity: 'retention',
          after: { ...counts, leadsBefore: leadCutoff.toISOString(), takersBefore: takerCutoff.toISOString() },
        });
      }
      return counts;
    });
    total.leads += done.leads;
    total.takers += done.takers;
    total.certificates += done.certificates;
    if (done.leads < batch && done.takers < batch) break;
  }
  return total;
}
