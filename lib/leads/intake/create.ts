import 'server-only';
import { errorForLog } from '@/lib/api/error-log';
import { autoAssign } from '@/lib/leads/assign';
import { newLeadMail } from '@/lib/leads/lead-mail';
import type { LeadListKind } from '@/lib/leads/filters';
import { callbackDueAt } from '@/lib/leads/working-time';
import { leads } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enqueue } from '@/lib/outbox';
import { usePromo } from '@/lib/promo/use';
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
    const promo = use && input.promoCode ? { code: use.code, applied: use.applied, percentOff: use.applied ? use.percentOff : undefined, reason: use.applied ? undefined : use.reason } : undefined;
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
    // The shared sales inbox reads the school's language (Russian), with the link to the lead.
    const mail = newLeadMail(
      { id, kind: input.kind, name: input.name, phone: input.phone, page: input.page, plan: input.plan, promo, answers: input.answers, consent: input.consent, createdAt: now, callbackDueAt: due, firstTouch: describeUtm(ctx.utmFirst), lastTouch: describeUtm(ctx.utmLast) },
      'ru',
    );
    await enqueue(tx as unknown as Db, { channel: 'email', recipient: ctx.staffEmail, subject: mail.subject, body: mail.body });
    return { id };
  });
  try {
    await autoAssign(db, lead.id, now);
  } catch (err) {
    console.error(`[leads] lead #${lead.id} stays unassigned:`, errorForLog(err));
  }
  return lead;
}
