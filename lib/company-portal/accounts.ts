import 'server-only';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { hashPassword } from '@/lib/auth/password';
import { passwordLikeIdentifier } from '@/lib/validations/auth';
import { companies, companyUserLinks, companyUsers } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { asLocale, translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { absoluteUrl, localePath } from '@/lib/seo';
import { endAllCompanySessions } from './sessions';
import { opaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

/** The link to set the password is good for 72 hours and once. */
export const COMPANY_LINK_TTL_S = 72 * 3600;
const hashLinkToken = (t: string) => tokenHash(t, 'company-link');

/** The token rides in the fragment: it never reaches a server log or a Referer. */
export const passwordLinkUrl = (locale: string, token: string) =>
  absoluteUrl(`${localePath(asLocale(locale), '/company/set-password')}#${token}`);

async function newLink(db: Db, userId: number, now: Date): Promise<string> {
  const token = opaqueToken();
  await db.update(companyUserLinks).set({ usedAt: now }).where(and(eq(companyUserLinks.userId, userId), isNull(companyUserLinks.usedAt)));
  await db.insert(companyUserLinks).values({ userId, tokenHash: hashLinkToken(token), expiresAt: new Date(now.getTime() + COMPANY_LINK_TTL_S * 1000), createdAt: now });
  return token;
}

async function mailLink(db: Db, user: { email: string; name: string; locale: string }, companyName: string, token: string) {
  const t = translatorFor(user.locale, 'Company');
  await enqueue(db, {
    channel: 'email',
    recipient: user.email,
    subject: t('mail.inviteSubject', { company: companyName }),
    body: t('mail.inviteBody', { name: user.name, company: companyName, link: passwordLinkUrl(user.locale, token), hours: COMPANY_LINK_TTL_S / 3600 }),
  });
}

/**
 * A company's new HR person (back office: admin or sales), with the single-use link to set the
 * password sent by e-mail through the outbox. An e-mail already used by any HR person is refused
 * (409): one person, one company.
 */
export async function createHrUser(
  db: Db,
  actor: Actor,
  companyId: number,
  input: { email: string; phone: string; name: string; locale: string },
  now = new Date(),
) {
  return transaction(db, async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw new ApiError(404, 'not_found');
    const email = input.email.trim().toLowerCase();
    const [taken] = await tx.select({ id: companyUsers.id }).from(companyUsers).where(eq(companyUsers.email, email)).limit(1);
    if (taken) throw new ApiError(409, 'company_user_exists', { email: 'company_user_exists' });
    const [row] = await tx
      .insert(companyUsers)
      .values({ companyId, email, phone: input.phone, name: input.name, locale: input.locale, createdBy: actor.id, createdAt: now })
      .returning({ id: companyUsers.id });
    const token = await newLink(tx, row!.id, now);
    await mailLink(tx, { email, name: input.name, locale: input.locale }, company.name, token);
    await audit(tx, actor, { action: 'company_user.create', entity: 'company_user', entityId: row!.id, after: { companyId, email, name: input.name } });
    return { id: row!.id };
  });
}

/** A company's HR people for the back office (the phone masked by the page). */
export async function listHrUsers(db: Db, companyId: number, now = new Date()) {
  const rows = await db
    .select({
      user: companyUsers,
      pending: sql<boolean>`exists (select 1 from ${companyUserLinks} where ${and(eq(companyUserLinks.userId, companyUsers.id), isNull(companyUserLinks.usedAt), gt(companyUserLinks.expiresAt, now))})`,
    })
    .from(companyUsers)
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(asc(companyUsers.name), asc(companyUsers.id));
  return rows.map(({ user: u, pending }) => ({
    id: u.id,
    email: u.email,
    phone: u.phone,
    name: u.name,
    locale: u.locale,
    passwordSet: !!u.passwordSetAt,
    totp: !!u.totpSecret,
    disabled: !!u.disabledAt,
    linkPending: !!pending,
    createdAt: u.createdAt,
  }));
}

/** Disable or enable an HR person (disabling ends the sessions), or send a fresh password link. */
export async function updateHrUser(
  db: Db,
  actor: Actor,
  companyId: number,
  userId: number,
  patch: { disabled?: boolean; resendLink?: boolean },
  now = new Date(),
) {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select({ user: companyUsers, company: companies })
      .from(companyUsers)
      .innerJoin(companies, eq(companies.id, companyUsers.companyId))
      .where(and(eq(companyUsers.id, userId), eq(companyUsers.companyId, companyId)))
      .limit(1);
    if (!row) throw new ApiError(404, 'not_found');
    if (patch.disabled !== undefined) {
      await tx.update(companyUsers).set({ disabledAt: patch.disabled ? (row.user.disabledAt ?? now) : null }).where(eq(companyUsers.id, userId));
      if (patch.disabled) await endAllCompanySessions(tx, userId, now);
      await audit(tx, actor, { action: patch.disabled ? 'company_user.disable' : 'company_user.enable', entity: 'company_user', entityId: userId });
    }
    if (patch.resendLink) {
      if (row.user.disabledAt && patch.disabled !== false) throw new ApiError(409, 'company_user_disabled');
      const token = await newLink(tx, userId, now);
      await mailLink(tx, row.user, row.company.name, token);
      await audit(tx, actor, { action: 'company_user.link', entity: 'company_user', entityId: userId });
    }
    return { id: userId };
  });
}

async function liveLink(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ link: companyUserLinks, user: companyUsers, company: companies })
    .from(companyUserLinks)
    .innerJoin(companyUsers, eq(companyUsers.id, companyUserLinks.userId))
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUserLinks.tokenHash, hashLinkToken(token)), isNull(companyUserLinks.usedAt), gt(companyUserLinks.expiresAt, now)))
    .limit(1);
  if (!row || row.user.disabledAt) throw new ApiError(410, 'company_link_invalid');
  return row;
}

/** Who the set-password page is for (the link is not spent by looking). */
export async function openPasswordLink(db: Db, token: string, now = new Date()) {
  const { user, company } = await liveLink(db, token, now);
  return { name: user.name, email: user.email, company: company.name };
}

/**
 * Sets the password through the link: spends it and ends earlier sessions. It opens no session:
 * whoever holds the link must still pass the second factor (a code to the phone on record, or the
 * authenticator app) through the ordinary sign-in, so a mailed link alone never opens the portal.
 */
export async function setPasswordByLink(db: Db, input: { token: string; password: string; ipHash: string }, now = new Date()) {
  return transaction(db, async (tx) => {
    const { link, user } = await liveLink(tx, input.token, now);
    if (passwordLikeIdentifier(input.password, { phone: user.phone, email: user.email })) {
      throw new ApiError(422, 'validation_failed', { password: 'password_like_identifier' });
    }
    const spent = await tx
      .update(companyUserLinks)
      .set({ usedAt: now })
      .where(and(eq(companyUserLinks.id, link.id), isNull(companyUserLinks.usedAt)))
      .returning({ id: companyUserLinks.id });
    if (spent.length !== 1) throw new ApiError(410, 'company_link_invalid');
    await tx.update(companyUsers).set({ passwordHash: await hashPassword(input.password), passwordSetAt: now }).where(eq(companyUsers.id, user.id));
    await endAllCompanySessions(tx, user.id, now);
    await audit(tx, { kind: 'company', id: user.id, label: user.email, ipHash: input.ipHash }, { action: 'company_user.password', entity: 'company_user', entityId: user.id });
    return { email: user.email };
  });
}

/** A company's HR people as staff see them (names, e-mails, phones): one `company_user.list` audit row. */
export async function viewHrUsers(db: Db, actor: Actor, companyId: number) {
  const rows = await listHrUsers(db, companyId);
  await auditListView(db, actor, { action: 'company_user.list', entity: 'company_user', entityId: companyId, total: rows.length });
  return rows;
}

/**
 * A fresh single-use link to set the password, mailed in the person's language: `reset` when they
 * asked for it on the sign-in page ("forgot password"). Any earlier link dies.
 */
export async function sendPasswordLink(db: Db, userId: number, kind: 'reset', actor: Actor, now = new Date()) {
  return transaction(db, async (tx) => {
    const [row] = await tx.select({ user: companyUsers, company: companies }).from(companyUsers).innerJoin(companies, eq(companies.id, companyUsers.companyId)).where(eq(companyUsers.id, userId)).limit(1);
    if (!row) throw new ApiError(404, 'not_found');
    const token = await newLink(tx, userId, now);
    const t = translatorFor(row.user.locale, 'Company');
    await enqueue(tx, {
      channel: 'email',
      recipient: row.user.email,
      subject: t('mail.resetSubject', { company: row.company.name }),
      body: t('mail.resetBody', { name: row.user.name, company: row.company.name, link: passwordLinkUrl(row.user.locale, token), hours: COMPANY_LINK_TTL_S / 3600 }),
    });
    await audit(tx, actor, { action: `company_user.${kind}`, entity: 'company_user', entityId: userId });
  });
}

/** An HR person by e-mail (lower case), with whether their company is active; undefined when unknown. */
export async function hrUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: companyUsers, active: companies.active })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.email, email))
    .limit(1);
  return row;
}
