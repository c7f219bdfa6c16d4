import 'server-only';
import { and, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import { leads, staff } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { absoluteUrl, localePath } from '@/lib/seo';
import { onDutySales } from './assign';
import { callbackRemindAt, CALLBACK_REMIND_MIN, workCalendar } from './working-time';

const DAY = 86_400_000;

/** Who hears about a still-new callback: its assignee, else every sales member on duty, else the sales mailbox. */
async function recipients(db: Db, assigneeId: number | null): Promise<{ email: string; locale: string }[]> {
  if (assigneeId !== null) {
    const [member] = await db
      .select({ email: staff.email, locale: staff.locale })
      .from(staff)
      .where(and(eq(staff.id, assigneeId), isNull(staff.disabledAt)))
      .limit(1);
    if (member) return [member];
  }
  const onDuty = await db.select({ email: staff.email, locale: staff.locale }).from(staff).where(onDutySales);
  return onDuty.length ? onDuty : [{ email: env().STAFF_EMAIL, locale: 'ru' }];
}

/**
 * The reminder pass: a callback still `new` 45 working minutes after it came in is e-mailed (through
 * the outbox) to its assignee, or to all sales staff on duty when nobody has it, once per lead
 * (`remindedAt`, claimed in the same transaction, so parallel instances send it once). In each
 * member's language, with the lead's link and never the phone. Returns the leads reminded.
 */
export async function remindCallbacks(db: Db, now = new Date()): Promise<number[]> {
  const cal = workCalendar();
  // 45 working minutes are over within days even across the New Year holidays; older ones are overdue in the list already.
  const candidates = await db
    .select({ id: leads.id, createdAt: leads.createdAt })
    .from(leads)
    .where(
      and(
        eq(leads.kind, 'callback'),
        gte(leads.createdAt, new Date(now.getTime() - 14 * DAY)),
        eq(leads.status, 'new'),
        isNull(leads.remindedAt),
        isNotNull(leads.callbackDueAt),
        gte(leads.callbackDueAt, new Date(now.getTime() - DAY)),
      ),
    );
  const due = candidates.filter((c) => callbackRemindAt(c.createdAt, cal) <= now).map((c) => c.id);
  const reminded: number[] = [];
  for (const id of due) {
    const sent = await transaction(db, async (tx) => {
      const [lead] = await tx
        .update(leads)
        .set({ remindedAt: now })
        .where(and(eq(leads.id, id), isNull(leads.remindedAt), eq(leads.status, 'new')))
        .returning({ id: leads.id, assigneeId: leads.assigneeId, dueAt: leads.callbackDueAt });
      if (!lead) return false;
      for (const to of await recipients(tx, lead.assigneeId)) {
        const t = translatorFor(to.locale, 'Admin');
        const dueAt = new Intl.DateTimeFormat(to.locale, { timeZone: cal.tz, hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'long' }).format(lead.dueAt!);
        await enqueue(tx, {
          channel: 'email',
          recipient: to.email,
          subject: t('leads.mail.subject', { id: lead.id }),
          body: t('leads.mail.body', { id: lead.id, minutes: CALLBACK_REMIND_MIN, due: dueAt, link: absoluteUrl(localePath(to.locale, `/admin/leads/${lead.id}`)) }),
        });
      }
      return true;
    });
    if (sent) reminded.push(id);
  }
  return reminded;
}

