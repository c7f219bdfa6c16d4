// POST /api/company/totp - offers a TOTP secret to scan; DELETE - back to SMS codes (password and a fresh app code needed).
import { companyRoute } from '@/lib/company-portal/http';
import { startTotp } from '@/lib/company-portal/second-factor';
import { removeHrTotp } from '@/lib/company-portal/self';
import { companyTotpOffSchema } from '@/lib/validations/company-portal';

export const POST = companyRoute(async ({ db, member }) => startTotp(db, member.userId));

export const DELETE = companyRoute(async ({ db, member, actor, body }) => removeHrTotp(db, member, actor, await body(companyTotpOffSchema)));
