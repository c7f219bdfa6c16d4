// POST /api/admin/finance/lessons/[id]/earned {reason} - finance decides an undecided paid lesson: the tutor earns it (audited: lesson_money.decide). Finance.
import { idParam } from '@/lib/api/params';
import { decideLessonMoney } from '@/lib/payments/undecided';
import { staffRoute } from '@/lib/staff/http';
import { reasonSchema } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(reasonSchema);
  return decideLessonMoney(db, actor, id, 'earned', reason);
});
