// GET /api/admin/finance/payouts/[month]/export.xlsx?lang= - the approved register as a bank-upload file (audited: payout.export); 409 before approval. Finance.
import { payoutBankFile } from '@/lib/payments/payout-download';
import { staffRoute } from '@/lib/staff/http';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, (ctx) => payoutBankFile(ctx, 'xlsx'));
