// POST /api/company/pool/invitations {employeeId, channels} - HR invites one employee of the roster to the lessons: a single-use link (14 days) by SMS and/or e-mail; taken signed in, it binds the employee's account (another company's employee: 404; no contact for the channels: 422; again within an hour: 429 invitation_too_soon); audited: pool.invite.
import { companyRoute } from '@/lib/company-portal/http';
import { inviteToLessons } from '@/lib/payments/employer-invite';
import { lessonsInviteSchema } from '@/lib/validations/company-pools';

export const POST = companyRoute(async ({ db, actor, companyId, body }) => inviteToLessons(db, actor, companyId, await body(lessonsInviteSchema)));
