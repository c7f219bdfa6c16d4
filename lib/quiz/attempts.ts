import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { certificates, companies, companyEmployees, kazakhTestTakers, quizItemExposure, testAttempts, type StoredTestResult } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { newCertificateNumber } from '@/lib/certificates/number';
import { ANONYMISED } from '@/lib/db/anonymised';
import { EN_BANK } from './bank-en';
import { KK_BANK } from './bank-kk';
import { createRng, drawTest, pickItems, testFromIds, type DrawnTest } from './draw';
import { EN_TEST_INSTRUCTIONS, KK_TEST_INSTRUCTIONS } from './instructions';
import { scoreTest } from './score';
import { minAnswers, type Answers, type PublicItem, type Skill } from './types';
import { newOpaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

/**
 * Test attempts on the server. The browser holds an opaque token (sent in X-Test-Token); the
 * database holds its SHA-256, the seed the test was drawn with (and, for the Kazakh test, the ids of
 * the items drawn) and the answers. Items are rebuilt from these on every call, so the answer key is
 * never stored and never leaves this module.
 *
 * The Kazakh test gives the browser no counts: a result is a level (or "not determined" when fewer
 * than two thirds of the items were answered), so no sequence of attempts can tell which single
 * answer was right. The counts stay in the stored result for the back office.
 */

export type TestKind = 'placement' | 'kazakh';
type UiLocale = 'ru' | 'kk' | 'en';

export const TEST_TOKEN_HEADER = 'x-test-token';
export const ITEM_COUNT: Record<TestKind, number> = { placement: 30, kazakh: 30 };
/** Shown on a certificate whose taker did not reach A1 (the lowest ҚАЗТЕСТ band). */
export const BELOW_A1 = { level: 'A0', levelName: 'A1 деңгейінен төмен' } as const;

export interface CompanyRef {
  slug: string;
  name: string;
  /** Only the company's roster takes its Kazakh test. */
  rosterOnly?: boolean;
}

export interface CertificateRef {
  number: string;
  issuedAt: string;
  level: string;
  levelName: string;
  /** False: nobody checked that the taker is who they said (no company roster yet). */
  identityChecked: boolean;
}

/**
 * What the browser gets of a Kazakh result: the level and nothing that depends on single items.
 * `determined: false` (fewer than `minAnswers` answers): no level, no certificate.
 */
export interface KazakhResultView {
  determined: boolean;
  /** 'A1'…'C1', 'A0' below A1; null when not determined. */
  level: string | null;
  /** The band's Kazakh name ('Орта деңгей', 'A1 деңгейінен төмен'); null when not determined. */
  levelName: string | null;
  levelReached: boolean;
  /** Answers needed for a level (two thirds of the items): the same in every result. */
  minAnswers: number;
}

/** The placement test's result: the full score (counts per skill included). */
export type PlacementResultView = StoredTestResult;

interface AttemptViewBase {
  status: 'active' | 'finished';
  items: PublicItem[];
  instructions: Record<Skill, string>;
  answers: Record<string, number | null>;
  position: number;
  company: CompanyRef | null;
  certificate: CertificateRef | null;
  /** Kazakh test only: the taker as entered (the IIN only as its last four digits). */
  taker: { firstName: string; lastName: string; iinLast4: string } | null;
}

/** Everything the browser gets about an attempt: no key, no item levels (and for Kazakh, no counts). */
export type AttemptView =
  | (AttemptViewBase & { kind: 'placement'; result: PlacementResultView | null })
  | (AttemptViewBase & { kind: 'kazakh'; result: KazakhResultView | null });

type AttemptRow = typeof testAttempts.$inferSelect;

/** Keyed hash of an IIN: without the application secret it cannot be reversed by trying all IINs. */
export function hashIin(iin: string, secret: string): string {
  return createHmac('sha256', secret).update(`iin\u0000${iin}`).digest('base64url');
}

/** A public sitting's confirmed phone (E.164), keyed like the IIN: a stolen table names no phone. */
export function hashTestPhone(e164: string, secret: string): string {
  return createHmac('sha256', secret).update(`kazakh-test-phone\u0000${e164}`).digest('base64url');
}

/** One public sitting per confirmed phone in this many days (docs/api.md, "Placement test and Kazakh test"). */
export const PHONE_SITTING_DAYS = 365;

const bankOf = (kind: TestKind) => (kind === 'placement' ? EN_BANK : KK_BANK);

/** The attempt's test: from its stored item ids when it has them, else from the seed alone. */
function draw(row: Pick<AttemptRow, 'kind' | 'seed' | 'itemCount' | 'items'>): DrawnTest {
  const bank = bankOf(row.kind);
  return (row.items ? testFromIds(bank, row.items, row.seed) : drawTest(bank, row.itemCount, row.seed)) as DrawnTest;
}

/** The browser's view of a stored Kazakh result: the level only. */
export function kazakhResultView(stored: StoredTestResult): KazakhResultView {
  const min = minAnswers(stored.total);
  if (stored.determined === false) return { determined: false, level: null, levelName: null, levelReached: false, minAnswers: min };
  const level = stored.levelReached ? { level: stored.cefr, levelName: stored.levelName } : BELOW_A1;
  return { determined: true, level: level.level, levelName: level.levelName, levelReached: stored.levelReached, minAnswers: min };
}

function instructionsFor(kind: TestKind, locale: UiLocale): Record<Skill, string> {
  return kind === 'placement' ? EN_TEST_INSTRUCTIONS[locale] : KK_TEST_INSTRUCTIONS;
}

/** The active company with this slug, or undefined. */
async function activeCompany(db: Db, slug: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.slug, slug), eq(companies.active, true)))
    .limit(1);
  return row;
}

export async function findCompany(db: Db, slug: string): Promise<CompanyRef | null> {
  const row = await activeCompany(db, slug);
  return row ? { slug: row.slug, name: row.name, ...(row.rosterOnly ? { rosterOnly: true } : {}) } : null;
}

/**
 * Roster-only company: whether an IIN is on its roster, and the initials it is listed under (enough
 * for the employee to recognise the entry, not enough to turn an IIN into a name; the start takes the
 * names from the roster itself). The caller has checked the IIN's checksum and the rate limits
 * (lib/quiz/sitting.ts). A company that is not roster-only answers nothing (`rosterOnly: false`):
 * its roster is never probed.
 */
export async function rosterLookup(db: Db, slug: string, iin: string, secret: string) {
  const company = await companyRow(db, slug);
  if (!company?.rosterOnly) return { rosterOnly: false as const };
  const [e] = await db
    .select({ firstName: companyEmployees.firstName, lastName: companyEmployees.lastName })
    .from(companyEmployees)
    .where(and(eq(companyEmployees.companyId, company.id), eq(companyEmployees.iinHash, hashIin(iin, secret))))
    .limit(1);
  return e ? { rosterOnly: true as const, onRoster: true as const, initials: initialsOf(e.firstName, e.lastName) } : { rosterOnly: true as const, onRoster: false as const };
}

/** The company a start call names (none: null); an unknown one is a 404. */
async function companyRow(db: Db, slug: string | undefined) {
  if (slug === undefined) return null;
  const row = await activeCompany(db, slug);
  if (!row) throw new ApiError(404, 'company_not_found');
  return row;
}

function view(
  row: AttemptRow,
  locale: UiLocale,
  extra: { company: CompanyRef | null; certificate: CertificateRef | null; taker: AttemptView['taker'] },
): AttemptView {
  const test = draw(row);
  const base: AttemptViewBase = {
    status: row.status,
    items: test.items,
    instructions: instructionsFor(row.kind, locale),
    answers: row.answers,
    position: Math.max(0, Math.min(row.position, test.items.length - 1)),
    company: extra.company,
    certificate: extra.certificate,
    taker: extra.taker,
  };
  return row.kind === 'kazakh'
    ? { ...base, kind: 'kazakh', result: row.result ? kazakhResultView(row.result) : null }
    : { ...base, kind: 'placement', result: row.result ?? null };
}

async function extrasOf(db: Db, row: AttemptRow) {
  const company = row.companyId
    ? ((await db.select({ slug: companies.slug, name: companies.name }).from(companies).where(eq(companies.id, row.companyId)).limit(1))[0] ?? null)
    : null;
  let certificate: CertificateRef | null = null;
  let taker: AttemptView['taker'] = null;
  if (row.kind === 'kazakh') {
    const [t] = await db
      .select({ firstName: kazakhTestTakers.firstName, lastName: kazakhTestTakers.lastName, iinLast4: kazakhTestTakers.iinLast4 })
      .from(kazakhTestTakers)
      .where(eq(kazakhTestTakers.attemptId, row.id))
      .limit(1);
    taker = t ?? null;
    const [c] = await db.select().from(certificates).where(eq(certificates.attemptId, row.id)).limit(1);
    if (c) certificate = { number: c.number, issuedAt: c.issuedAt.toISOString(), level: c.level, levelName: c.levelName, identityChecked: c.identityChecked };
  }
  return { company, certificate, taker };
}

/** A fresh attempt row: a random seed draws its items; the token is stored only as its hash. */
export function newAttempt(
  kind: TestKind,
  tokenHash: string,
  companyId: number | undefined,
  opts: { userId?: number | null; locale: UiLocale },
  drawn?: { seed: string; items: string[] },
) {
  return {
    tokenHash,
    kind,
    seed: drawn?.seed ?? randomBytes(12).toString('base64url'),
    items: drawn?.items ?? null,
    itemCount: drawn?.items.length ?? ITEM_COUNT[kind],
    locale: opts.locale,
    companyId: companyId ?? null,
    userId: opts.userId ?? null,
  };
}

export async function startPlacement(
  db: Db,
  opts: { company?: string; userId?: number | null; locale: UiLocale },
): Promise<{ token: string; view: AttemptView }> {
  const company = await companyRow(db, opts.company);
  const { token, hash } = newOpaqueToken();
  const [row] = await db.insert(testAttempts).values(newAttempt('placement', hash, company?.id, opts)).returning();
  return {
    token,
    view: view(row!, opts.locale, { company: company && { slug: company.slug, name: company.name }, certificate: null, taker: null }),
  };
}

export class AlreadyTaken extends Error {}
class PhoneUsed extends Error {}

/**
 * Exposure control for the Kazakh bank: the draw takes the least-shown items of each band and skill
 * (random among equals), so a thousand attempts spread over the whole bank instead of concentrating
 * on a few items, and one person's sitting shows only a small share of it.
 */
export async function drawKazakh(tx: Db, seed: string): Promise<string[]> {
  const ids = KK_BANK.items.map((item) => item.id);
  const rows = await tx.select().from(quizItemExposure).where(inArray(quizItemExposure.itemId, ids));
  const exposure = new Map(rows.map((r) => [r.itemId, r.shown]));
  return pickItems(KK_BANK, ITEM_COUNT.kazakh, createRng(`pick:${seed}`), exposure).map((item) => item.id);
}

/** Counts the drawn items as shown once more; rows in id order so concurrent starts lock alike (no deadlock). */
export async function bumpExposure(tx: Db, ids: readonly string[]): Promise<void> {
  const sorted = [...ids].sort();
  await tx
    .insert(quizItemExposure)
    .values(sorted.map((itemId) => ({ itemId, shown: 1 })))
    .onConflictDoUpdate({ target: quizItemExposure.itemId, set: { shown: sql`${quizItemExposure.shown} + 1` } });
}

/**
 * What a Kazakh start must pass before it counts against the shared caps (lib/quiz/limits.ts): the
 * company it names exists and is active (404 company_not_found), and a roster-only company has the
 * IIN on its roster (422 iin_not_on_roster). Returns the company, the IIN's keyed hash and, for a
 * roster-only company, the matched employee (null otherwise).
 */
export async function checkKazakhStart(db: Db, input: { company?: string; iin: string }, secret: string) {
  const company = await companyRow(db, input.company);
  const iinHash = hashIin(input.iin, secret);
  if (!company?.rosterOnly) return { company, iinHash, employee: null };
  const [employee] = await db
    .select({ id: companyEmployees.id, firstName: companyEmployees.firstName, lastName: companyEmployees.lastName })
    .from(companyEmployees)
    .where(and(eq(companyEmployees.companyId, company.id), eq(companyEmployees.iinHash, iinHash)))
    .limit(1);
  if (!employee) throw new ApiError(422, 'validation_failed', { iin: 'iin_not_on_roster' });
  return { company, iinHash, employee };
}

/**
 * Starts the Kazakh test, once per IIN: the taker row's UNIQUE iin_hash decides. Ten simultaneous
 * requests with one IIN: one inserts, nine find the row (or wait on the index and then find it)
 * and are refused, and their attempt rows are rolled back with them.
 */
export async function startKazakh(
  db: Db,
  input: { firstName: string; lastName: string; iin: string; workerCode: string; company?: string; consent: string },
  opts: { userId?: number | null; locale: UiLocale; secret: string; phoneHash?: string | null; now?: Date },
): Promise<{ token: string; view: AttemptView }> {
  const { company, iinHash, employee } = await checkKazakhStart(db, input, opts.secret);
  const phoneHash = employee ? null : (opts.phoneHash ?? null);
  // A public sitting is started only with a phone confirmed just before (lib/quiz/sitting.ts).
  if (!employee && !phoneHash) throw new TypeError('a public Kazakh test sitting needs a confirmed phone');
  const now = opts.now ?? new Date();
  // Matched on a roster-only company's roster: the roster's names go on the certificate, which then
  // says the identity was checked against the employer's roster.
  const names = employee ? { firstName: employee.firstName, lastName: employee.lastName } : { firstName: input.firstName, lastName: input.lastName };
  const { token, hash } = newOpaqueToken();
  try {
    const row = await db.transaction(async (tx) => {
      if (phoneHash) {
        // One sitting per phone per 12 months: parallel starts with one phone queue here, and the
        // second finds the first.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'kazakh-test-phone:' + phoneHash}))`);
        const since = new Date(now.getTime() - PHONE_SITTING_DAYS * 86_400_000);
        const [earlier] = await tx
          .select({ id: kazakhTestTakers.id })
          .from(kazakhTestTakers)
          .where(and(eq(kazakhTestTakers.phoneHash, phoneHash), gt(kazakhTestTakers.createdAt, since), isNull(kazakhTestTakers.annulledAt)))
          .limit(1);
        if (earlier) throw new PhoneUsed();
      }
      const seed = randomBytes(12).toString('base64url');
      const items = await drawKazakh(tx, seed);
      const [attempt] = await tx.insert(testAttempts).values(newAttempt('kazakh', hash, company?.id, opts, { seed, items })).returning();
      const taken = await tx
        .insert(kazakhTestTakers)
        .values({
          iinHash,
          iinLast4: input.iin.slice(-4),
          ...names,
          workerCode: input.workerCode,
          companyId: company?.id ?? null,
          identityChecked: employee !== null,
          phoneHash,
          attemptId: attempt!.id,
          consentVersion: input.consent,
          consentAt: now,
          createdAt: now,
        })
        .onConflictDoNothing({ target: kazakhTestTakers.iinHash, where: sql`annulled_at is null` })
        .returning({ id: kazakhTestTakers.id });
      // The refusal says nothing about the earlier sitting, and a refused start shows no items.
      if (taken.length === 0) throw new AlreadyTaken();
      await bumpExposure(tx, items);
      return attempt!;
    });
    return {
      token,
      view: view(row, opts.locale, {
        company: company && { slug: company.slug, name: company.name },
        certificate: null,
        taker: { ...names, iinLast4: input.iin.slice(-4) },
      }),
    };
  } catch (err) {
    if (err instanceof AlreadyTaken) throw new ApiError(409, 'test_already_taken');
    if (err instanceof PhoneUsed) throw new ApiError(409, 'test_phone_used');
    throw err;
  }
}

async function attemptByToken(db: Db, token: string | null): Promise<AttemptRow> {
  if (!token || !/^[\w-]{20,100}$/.test(token)) throw new ApiError(404, 'test_not_found');
  const [row] = await db.select().from(testAttempts).where(eq(testAttempts.tokenHash, tokenHash(token))).limit(1);
  if (!row) throw new ApiError(404, 'test_not_found');
  return row;
}

export async function loadAttempt(db: Db, token: string | null, locale: UiLocale): Promise<AttemptView> {
  const row = await attemptByToken(db, token);
  return view(row, locale, await extrasOf(db, row));
}

/** Keeps only answers to items of this test with an option that exists; anything else is a 422. */
function checkedAnswers(test: DrawnTest, answers: Record<string, number | null>): Record<string, number | null> {
  const options = new Map(test.items.map((item) => [item.id, item.options.length]));
  const fields: Record<string, string> = {};
  for (const [id, choice] of Object.entries(answers)) {
    const n = options.get(id);
    if (n === undefined || (choice !== null && choice >= n)) fields[`answers.${id}`] = 'invalid_value';
  }
  if (Object.keys(fields).length) throw new ApiError(422, 'validation_failed', fields);
  return answers;
}

export async function saveAnswers(
  db: Db,
  token: string | null,
  input: { answers: Record<string, number | null>; position?: number },
): Promise<{ saved: number }> {
  const row = await attemptByToken(db, token);
  if (row.annulledAt) throw new ApiError(409, 'test_annulled');
  if (row.status !== 'active') throw new ApiError(409, 'test_finished');
  const test = draw(row);
  const merged = { ...row.answers, ...checkedAnswers(test, input.answers) };
  await db
    .update(testAttempts)
    .set({
      answers: merged,
      ...(input.position !== undefined ? { position: Math.min(input.position, test.items.length - 1) } : {}),
    })
    .where(and(eq(testAttempts.id, row.id), eq(testAttempts.status, 'active')));
  return { saved: Object.values(merged).filter((v) => v !== null).length };
}

/**
 * Scores the test on the server and stores the result (and, for the Kazakh test, issues the
 * certificate) in one transaction. Finishing twice returns the stored result.
 */
export async function finishAttempt(
  db: Db,
  token: string | null,
  input: { answers?: Record<string, number | null> },
  locale: UiLocale,
): Promise<AttemptView> {
  const row = await attemptByToken(db, token);
  if (row.annulledAt) throw new ApiError(409, 'test_annulled');
  if (row.status === 'active') {
    const test = draw(row);
    const answers: Answers = { ...row.answers, ...(input.answers ? checkedAnswers(test, input.answers) : {}) };
    const score = scoreTest(test.key, answers, test.meta, test.language);
    // Kazakh: a sitting with fewer than two thirds answered is not placed (no level, no certificate)
    // and is flagged for the back office; its counts are kept here, never shown.
    const fewAnswers = row.kind === 'kazakh' && score.total - score.unanswered < minAnswers(score.total);
    const result: StoredTestResult = {
      correct: score.correct,
      wrong: score.wrong,
      unanswered: score.unanswered,
      total: score.total,
      level: score.level,
      levelName: score.levelName,
      cefr: score.cefr,
      levelReached: score.levelReached,
      perSkill: score.perSkill,
      ...(row.kind === 'kazakh' ? { determined: !fewAnswers } : {}),
    };
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(testAttempts)
        .set({
          status: 'finished',
          answers: answers as Record<string, number | null>,
          result,
          level: fewAnswers ? null : score.level,
          ...(fewAnswers ? { flags: ['few_answers'] } : {}),
          finishedAt: new Date(),
        })
        // Annulled meanwhile (the back office locks the row): no result, no certificate.
        .where(and(eq(testAttempts.id, row.id), eq(testAttempts.status, 'active'), isNull(testAttempts.annulledAt)))
        .returning({ id: testAttempts.id });
      // Finished meanwhile, no certificate for this kind, or too few answers for a level.
      if (updated.length === 0 || row.kind !== 'kazakh' || fewAnswers) return;
      const [taker] = await tx.select().from(kazakhTestTakers).where(eq(kazakhTestTakers.attemptId, row.id)).limit(1);
      if (!taker) return;
      const companyName = taker.companyId
        ? ((await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, taker.companyId)).limit(1))[0]?.name ?? null)
        : null;
      const level = score.levelReached ? { level: score.cefr, levelName: score.levelName } : BELOW_A1;
      for (let i = 0; i < 5; i++) {
        const issued = await tx
          .insert(certificates)
          .values({
            number: newCertificateNumber(),
            attemptId: row.id,
            takerId: taker.id,
            firstName: taker.firstName,
            lastName: taker.lastName,
            level: level.level,
            levelName: level.levelName,
            companyName,
            identityChecked: taker.identityChecked,
          })
          .onConflictDoNothing()
          .returning({ id: certificates.id });
        if (issued.length) return;
      }
      throw new Error('could not allocate a certificate number');
    });
  }
  return loadAttempt(db, token, locale);
}

/** The certificate of a finished Kazakh attempt, with what the PDF needs. */
export async function certificateOfAttempt(db: Db, token: string | null) {
  const row = await attemptByToken(db, token);
  const [c] = await db.select().from(certificates).where(eq(certificates.attemptId, row.id)).limit(1);
  if (!c) throw new ApiError(404, 'certificate_not_found');
  // Revoked by the school (or its sitting annulled): the PDF is no longer handed out.
  if (c.revokedAt) throw new ApiError(410, 'certificate_revoked');
  // Anonymised under the retention period (lib/retention.ts): the names and the PDF are gone.
  if (c.firstName === ANONYMISED && c.lastName === ANONYMISED) throw new ApiError(404, 'certificate_not_found');
  return c;
}

/** "Ә. С.": the first letters of the first and the last name. */
export function initialsOf(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((n) => [...n.trim()][0])
    .filter(Boolean)
    .map((c) => `${c!.toLocaleUpperCase('kk')}.`)
    .join(' ');
}

/** 'A0' (below A1) is shown as "—"; the bands as they are. */
export const KK_LEVEL_LABEL = (level: string) => (level === BELOW_A1.level ? '—' : level);
