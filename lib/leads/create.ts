import 'server-only';
import { errorForLog } from '@/lib/api/error-log';
import { autoAssign } from '@/lib/crm/assign';
import type { LeadListKind } from '@/lib/crm/filters';
import { callbackDueAt, workCalendar } from '@/lib/crm/working-time';
import { leads } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enqueue } from '@/lib/outbox';
import { formatKzPhone } from '@/lib/phone';
import { usePromo, type PromoUse } from '@/lib/promo/use';
import type { LeadRequest } from '@/lib/validations/lead';
import type { UtmValues } from '@/lib/utm';

export interface LeadContext {
  locale: string;
  utmFirst: UtmValues;
  utmLast: UtmValues;
  ipHash?: string;
  staffEmail: string;
}

function describeUtm(u: UtmValues): string {
  const entries = Object.entries(u);
  return entries.length ? entries.map(([k, v]) => `${k}=${v}`).join(', ') : '—';
}

/** A form's lead, or the simple registration's (kind `registration`). */
type LeadInput = Omit<LeadRequest, 'captchaToken' | 'captchaKind' | 'kind'> & { kind: LeadListKind };

/** The callback's deadline; a deadline that cannot be computed must not cost the lead (it shows none). */
function dueAt(kind: string, now: Date): Date | null {
  if (kind !== 'callback') return null;
  try {
    return callbackDueAt(now);
  } catch (err) {
    console.error('[leads] no callback deadline:', errorForLog(err));
    return null;
  }
}

const almaTime = (d: Date) => new Intl.DateTimeFormat('ru', { timeZone: workCalendar().tz, dateStyle: 'short', timeStyle: 'short' }).format(d);

/** "TILMEN10 (−10%, applies to advanced)" or "OLD5 (not valid: promo_expired)", for the sales team. */
function describePromo(use: PromoUse, plan: string | undefined): string {
  if (!use.applied) return `${use.code} (not valid: ${use.reason})`;
  return plan ? `${use.code} (−${use.percentOff}%, applies to ${plan})` : `${use.code} (−${use.percentOff}%)`;
}

/**
 * Stores the lead and queues the staff notification in one transaction: neither is ever lost. A
 * promo code is counted against its limit in the same transaction; a lead whose code cannot be
 * applied (used up, expired…) is still stored, with the code as given and `promoApplied: false`. A
 * callback carries its deadline (one working hour). Then, with the lead safely stored, round-robin
 * gives it to a sales member on duty; if that fails the lead simply stays unassigned.
 */
export async function createLead(db: Db, input: LeadInput, ctx: LeadContext, now = new Date()): Promise<{ id: number }> {
  const due = dueAt(input.kind, now);
  const lead = await db.transaction(async (tx) => {
    const use = input.promoCode ? await usePromo(tx as unknown as Db, input.promoCode, input.plan, now) : undefined;
    const promo = use ? describePromo(use, input.plan) : undefined;
    const [row] = await tx
      .insert(leads)
      .values({
        kind: input.kind,
        name: input.name,
        phone: input.phone,
        locale: ctx.locale,
        page: input.page,
        utmFirst: ctx.utmFirst,
        utmLast: ctx.utmLast,
        answers: input.answers ?? null,
        plan: input.plan ?? null,
        promoCode: input.promoCode ?? null,
        promoApplied: use ? use.applied : null,
        ipHash: ctx.ipHash ?? null,
        consentVersion: input.consent,
        consentAt: now,
        createdAt: now,
        callbackDueAt: due,
      })
      .returning({ id: leads.id });
    const id = row!.id;
    const lines = [
      `New lead #${id} (${input.kind})`,
      `Name: ${input.name}`,
      `Phone: ${formatKzPhone(input.phone)}`,
      `Locale: ${ctx.locale}`,
      `Page: ${input.page}`,
      `First touch: ${describeUtm(ctx.utmFirst)}`,
      `Last touch: ${describeUtm(ctx.utmLast)}`,
      ...(input.plan ? [`Plan: ${input.plan}`] : []),
      ...(promo ? [`Promo code: ${promo}`] : []),
      ...(input.answers ? [`Answers: ${JSON.stringify(input.answers)}`] : []),
      `Personal data consent: version ${input.consent}, ${now.toISOString()}`,
      input.kind === 'callback' ? `Promised: a call back within one working hour${due ? `, by ${almaTime(due)} (${workCalendar().tz})` : ''}.` : '',
    ].filter(Boolean);
    await enqueue(tx as unknown as Db, {
      channel: 'email',
      recipient: ctx.staffEmail,
      subject: `[Tilmen] ${input.kind} lead #${id}: ${input.name}`,
      body: lines.join('\n'),
    });
    return { id };
  });
  try {
    await autoAssign(db, lead.id, now);
  } catch (err) {
    console.error(`[leads] lead #${lead.id} stays unassigned:`, errorForLog(err));
  }
  return lead;
}
