// POST /api/company/totp - offers a TOTP secret to scan; DELETE - back to SMS codes.
import { companyRoute } from '@/lib/company-portal/http';
import { removeTotp, startTotp } from '@/lib/company-portal/second-factor';

export const POST = companyRoute(async ({ db, member }) => startTotp(db, member.userId));

export const DELETE = companyRoute(async ({ db, member, actor }) => removeTotp(db, actor, member.userId));
