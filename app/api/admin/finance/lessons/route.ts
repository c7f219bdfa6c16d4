// GET /api/admin/finance/lessons - paid lessons whose money the rules leave to finance (both came, too briefly together), with the room's facts (audited: lesson_money.list). Finance.
import { viewUndecidedLessons } from '@/lib/payments/undecided';
import { staffRoute } from '@/lib/staff/http';
import { pageQuery } from '@/lib/validations/staff';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, query }) => viewUndecidedLessons(db, actor, query(pageQuery)));
