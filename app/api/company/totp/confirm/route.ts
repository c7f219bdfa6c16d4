// POST /api/company/totp/confirm - the app's first code turns TOTP sign-in on.
import { companyRoute } from '@/lib/company-portal/http';
import { confirmTotp } from '@/lib/company-portal/second-factor';
import { companyTotpConfirmSchema } from '@/lib/validations/company-portal';

export const POST = companyRoute(async ({ db, member, actor, body }) => confirmTotp(db, actor, member.userId, (await body(companyTotpConfirmSchema)).code));
