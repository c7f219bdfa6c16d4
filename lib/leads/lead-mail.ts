import 'server-only';
import { eq } from 'drizzle-orm';
import { leads, staff } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { formatKzPhone } from '@/lib/phone';
import { absoluteUrl, localePath } from '@/lib/seo';
import { intlLocale, SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';

/** The lead's page in the back office, in the reader's language. */
export const leadUrl = (id: number, locale: string) => absoluteUrl(localePath(locale as 'ru', `/admin/leads/${id}`));

const when = (d: Date, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { timeZone: SCHOOL_FIXED_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(d);

/** A lead kind in words, as the back office's list shows it (the raw name if unknown). */
function kindLabel(kind: string, locale: string): string {
  const ta = translatorFor(locale, 'Admin');
  const key = `leads.kinds.${kind}` as Parameters<typeof ta>[0];
  return ta.has(key) ? ta(key) : kind;
}

/**
 * The mail about a new lead, in the reader's language (the shared inbox reads the school's
 * Russian): the kind in words as the list shows it, the details and the link to the lead's page.
 */
export function newLeadMail(
  lead: { id: number; kind: string; name: string; phone: string; page: string; plan?: string | null; promo?: { code: string; applied: boolean; percentOff?: number; reason?: string }; answers?: unknown; consent: string; createdAt: Date; callbackDueAt: Date | null; firstTouch: string; lastTouch: string },
  locale: string,
): { subject: string; body: string } {
  const t = translatorFor(locale, 'StaffMail');
  const kind = kindLabel(lead.kind, locale);
  const tp = translatorFor(locale, 'StudTariffs');
  const te = translatorFor(locale, 'Errors');
  const planKey = `plans.${lead.plan}.name` as Parameters<typeof tp>[0];
  const plan = lead.plan ? (tp.has(planKey) ? tp(planKey) : lead.plan) : null;
  const reasonKey = (lead.promo?.reason ?? '') as Parameters<typeof te>[0];
  const promo = !lead.promo
    ? null
    : lead.promo.applied
      ? t('newLead.promoApplied', { code: lead.promo.code, percent: lead.promo.percentOff ?? 0 })
      : t('newLead.promoInvalid', { code: lead.promo.code, reason: te.has(reasonKey) ? te(reasonKey) : (lead.promo.reason ?? '') });
  const lines = [
    t('newLead.intro', { kind, id: lead.id }),
    '',
    `${t('newLead.name')}: ${lead.name}`,
    `${t('newLead.phone')}: ${formatKzPhone(lead.phone)}`,
    `${t('newLead.page')}: ${lead.page}`,
    `${t('newLead.firstTouch')}: ${lead.firstTouch}`,
    `${t('newLead.lastTouch')}: ${lead.lastTouch}`,
    ...(plan ? [`${t('newLead.plan')}: ${plan}`] : []),
    ...(promo ? [`${t('newLead.promo')}: ${promo}`] : []),
    ...(lead.answers ? [`${t('newLead.answers')}: ${JSON.stringify(lead.answers)}`] : []),
    `${t('newLead.consent', { version: lead.consent, when: when(lead.createdAt, locale) })}`,
    ...(lead.callbackDueAt ? ['', t('newLead.callback', { when: when(lead.callbackDueAt, locale) })] : []),
    '',
    t('newLead.open', { link: leadUrl(lead.id, locale) }),
  ];
  return { subject: t('newLead.subject', { kind, id: lead.id, name: lead.name }), body: lines.join('\n') };
}

/** Tells a sales member that a lead is theirs now (round-robin or by hand), in their language, with the link. */
export async function mailAssignee(db: Db, leadId: number, assigneeId: number): Promise<void> {
  const [member] = await db.select({ email: staff.email, name: staff.name, locale: staff.locale }).from(staff).where(eq(staff.id, assigneeId)).limit(1);
  const [lead] = await db.select({ id: leads.id, kind: leads.kind, name: leads.name, callbackDueAt: leads.callbackDueAt, status: leads.status }).from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!member || !lead) return;
  const t = translatorFor(member.locale, 'StaffMail');
  const kind = kindLabel(lead.kind, member.locale);
  const body = [
    t('assigned.body', { name: member.name, kind, id: lead.id, lead: lead.name }),
    ...(lead.callbackDueAt && lead.status === 'new' ? [t('newLead.callback', { when: when(lead.callbackDueAt, member.locale) })] : []),
    '',
    t('newLead.open', { link: leadUrl(lead.id, member.locale) }),
  ].join('\n');
  await enqueue(db, { channel: 'email', recipient: member.email, subject: t('assigned.subject', { kind, id: lead.id }), body });
}
