import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { outbox } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { checkKzMobile } from '@/lib/phone';
import { codeInBody } from '@/lib/outbox/sms-code';

/**
 * The `limit` (20) newest outbox SMS with their codes, of one phone when given (422 when it is not a
 * Kazakhstan mobile), for development tools only. A code is shown while the row still carries it:
 * pending messages, and everything sent by the log driver, which keeps a development copy
 * (GET /api/dev/outbox, and the /dev/outbox page with 30).
 */
export async function recentSms(db: Db, phone: string | null, limit = 20) {
  const checked = phone ? checkKzMobile(phone) : null;
  if (checked && !checked.ok) {
    throw new ApiError(422, 'validation_failed', { phone: checked.reason === 'invalid' ? 'phone_invalid' : 'phone_not_kz' });
  }
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), checked?.ok ? eq(outbox.recipient, checked.e164) : undefined))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    recipient: r.recipient,
    body: r.body,
    code: codeInBody(r.body),
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
  }));
}
