// POST /api/admin/finance/lessons/[id]/returned {reason} - finance decides an undecided paid lesson: back to the student's package (audited: lesson_money.decide). Finance.
import { idParam } from '@/lib/api/params';
import { decideLessonMoney } from '@/lib/payments/undecided';
import { staffRoute } from '@/lib/staff/http';
import { reasonSchema } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(reasonSchema);
  return decideLessonMoney(db, actor, id, 'returned', reason);
});
