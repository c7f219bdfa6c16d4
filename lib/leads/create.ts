import 'server-only';
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

type LeadInput = Omit<LeadRequest, 'captchaToken'>;

/** "TILMEN10 (−10%, applies to advanced)" or "OLD5 (not valid: promo_expired)", for the sales team. */
function describePromo(use: PromoUse, plan: string | undefined): string {
  if (!use.applied) return `${use.code} (not valid: ${use.reason})`;
  return plan ? `${use.code} (−${use.percentOff}%, applies to ${plan})` : `${use.code} (−${use.percentOff}%)`;
}

/**
 * Stores the lead and queues the staff notification in one transaction: neither is ever lost. A
 * promo code is counted against its limit in the same transaction; a lead whose code cannot be
 * applied (used up, expired…) is still stored, with the code as given and `promoApplied: false`.
 */
export async function createLead(db: Db, input: LeadInput, ctx: LeadContext, now = new Date()): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
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
      input.kind === 'callback' ? 'Promised: a call back within one hour.' : '',
    ].filter(Boolean);
    await enqueue(tx as unknown as Db, {
      channel: 'email',
      recipient: ctx.staffEmail,
      subject: `[Tilmen] ${input.kind} lead #${id}: ${input.name}`,
      body: lines.join('\n'),
    });
    return { id };
  });
}
