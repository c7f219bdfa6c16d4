import 'server-only';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { staff, staffLinks } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { asLocale, translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { absoluteUrl, localePath } from '@/lib/seo';
import type { Scope } from '@/lib/validations/staff-scopes';
import { endAllStaffSessions } from './sessions';
import { opaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

/** An invitation (or the first admin's link) is good for 72 hours and once. */
export const STAFF_LINK_TTL_S = 72 * 3600;
export const hashLinkToken = (t: string) => tokenHash(t, 'staff-link');

/** The link to the enrolment page: the token rides in the fragment, so it never reaches a server log or a Referer. */
export const enrolUrl = (locale: string, token: string) => absoluteUrl(`${localePath(asLocale(locale), '/admin/enrol')}#${token}`);

export async function newStaffLink(db: Db, staffId: number, now = new Date()): Promise<string> {
  const token = opaqueToken();
  // A new link replaces the earlier ones of the same member.
  await db.update(staffLinks).set({ usedAt: now }).where(and(eq(staffLinks.staffId, staffId), isNull(staffLinks.usedAt)));
  await db.insert(staffLinks).values({ staffId, tokenHash: hashLinkToken(token), expiresAt: new Date(now.getTime() + STAFF_LINK_TTL_S * 1000), createdAt: now });
  return token;
}

/**
 * A member who has not enrolled yet, with a fresh single-use link. An address that belongs to an
 * enrolled member is refused (409): an invitation never resets someone's factors.
 */
export async function createStaffMember(
  db: Db,
  input: { email: string; name: string; scopes: Scope[]; locale?: string; invitedBy: number | null },
  now = new Date(),
): Promise<{ id: number; token: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  if (existing?.enrolledAt) throw new ApiError(409, 'staff_exists', { email: 'staff_exists' });
  let id = existing?.id;
  if (existing) {
    await db.update(staff).set({ name: input.name, scopes: input.scopes, locale: input.locale ?? existing.locale }).where(eq(staff.id, existing.id));
  } else {
    const [row] = await db
      .insert(staff)
      .values({ email, name: input.name, scopes: input.scopes, locale: input.locale ?? 'ru', invitedBy: input.invitedBy, createdAt: now })
      .returning({ id: staff.id });
    id = row!.id;
  }
  return { id: id!, token: await newStaffLink(db, id!, now), created: !existing };
}

/** Invitation by an admin: the member, the link by e-mail through the outbox, the audit row. */
export async function inviteStaff(db: Db, actor: Actor, input: { email: string; name: string; scopes: Scope[]; locale: string }) {
  return transaction(db, async (tx) => {
    const { id, token } = await createStaffMember(tx, { ...input, invitedBy: actor.id });
    const t = translatorFor(input.locale, 'StaffMail');
    await enqueue(tx, {
      channel: 'email',
      recipient: input.email.trim().toLowerCase(),
      subject: t('inviteSubject'),
      body: t('inviteBody', { name: input.name, link: enrolUrl(input.locale, token), hours: STAFF_LINK_TTL_S / 3600 }),
    });
    await audit(tx, actor, { action: 'staff.invite', entity: 'staff', entityId: id, after: { email: input.email, name: input.name, scopes: input.scopes } });
    return { id };
  });
}

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  scopes: Scope[];
  locale: string;
  onDuty: boolean;
  enrolled: boolean;
  disabled: boolean;
  invitePending: boolean;
  createdAt: Date;
}

export async function listStaff(db: Db, now = new Date()): Promise<StaffRow[]> {
  const rows = await db
    .select({
      member: staff,
      pending: sql<boolean>`exists (select 1 from ${staffLinks} where ${and(eq(staffLinks.staffId, staff.id), isNull(staffLinks.usedAt), gt(staffLinks.expiresAt, now))})`,
    })
    .from(staff)
    .orderBy(asc(staff.name));
  return rows.map(({ member: m, pending }) => ({
    id: m.id,
    email: m.email,
    name: m.name,
    scopes: m.scopes as Scope[],
    locale: m.locale,
    onDuty: m.onDuty,
    enrolled: !!m.enrolledAt,
    disabled: !!m.disabledAt,
    invitePending: !!pending,
    createdAt: m.createdAt,
  }));
}

/**
 * Scopes, duty and disabling. Disabling ends the member's sessions at once; nobody can disable
 * themselves or take their own admin scope away, so the school always keeps an admin.
 */
export async function updateStaff(
  db: Db,
  actor: Actor,
  id: number,
  patch: { scopes?: Scope[]; disabled?: boolean; onDuty?: boolean; name?: string },
  now = new Date(),
) {
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
    if (!before) throw new ApiError(404, 'not_found');
    if (id === actor.id && (patch.disabled || (patch.scopes && !patch.scopes.includes('admin')))) throw new ApiError(409, 'staff_self_lockout');
    const set: Partial<typeof staff.$inferInsert> = {};
    if (patch.scopes) set.scopes = patch.scopes;
    if (patch.onDuty !== undefined) set.onDuty = patch.onDuty;
    if (patch.name) set.name = patch.name;
    if (patch.disabled !== undefined) set.disabledAt = patch.disabled ? (before.disabledAt ?? now) : null;
    const [after] = await tx.update(staff).set(set).where(eq(staff.id, id)).returning();
    // Disabling, or taking a scope away, ends the member's sessions: they sign in again under the
    // new scopes (I2). Adding a scope keeps them (scopes are read per request anyway).
    const narrowed = !!patch.scopes && before.scopes.some((s) => !patch.scopes!.includes(s as Scope));
    if (patch.disabled || (narrowed && id !== actor.id)) await endAllStaffSessions(tx, id, now);
    const pick = (m: typeof before) => ({ scopes: m.scopes, onDuty: m.onDuty, name: m.name, disabled: !!m.disabledAt });
    await audit(tx, actor, { action: patch.disabled ? 'staff.disable' : patch.disabled === false ? 'staff.enable' : 'staff.update', entity: 'staff', entityId: id, before: pick(before), after: pick(after!) });
    return { id };
  });
}

/** A new enrolment link for a member who lost theirs (or their authenticator): audit-logged. */
export async function reissueStaffLink(db: Db, actor: Actor, id: number) {
  return transaction(db, async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, id)).limit(1);
    if (!member) throw new ApiError(404, 'not_found');
    if (member.enrolledAt) throw new ApiError(409, 'staff_exists');
    const token = await newStaffLink(tx, id);
    const t = translatorFor(member.locale, 'StaffMail');
    await enqueue(tx, {
      channel: 'email',
      recipient: member.email,
      subject: t('inviteSubject'),
      body: t('inviteBody', { name: member.name, link: enrolUrl(member.locale, token), hours: STAFF_LINK_TTL_S / 3600 }),
    });
    await audit(tx, actor, { action: 'staff.reinvite', entity: 'staff', entityId: id });
    return { id };
  });
}
