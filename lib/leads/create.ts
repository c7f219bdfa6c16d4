import { leads } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enqueue } from '@/lib/outbox';
import { formatKzPhone } from '@/lib/phone';
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

/** Stores the lead and queues the staff notification in one transaction: neither is ever lost. */
export async function createLead(db: Db, input: LeadRequest, ctx: LeadContext): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
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
        ipHash: ctx.ipHash ?? null,
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
      ...(input.answers ? [`Answers: ${JSON.stringify(input.answers)}`] : []),
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
