// POST /api/company/invitations {employeeIds, channels, deadline} - personal invitations to the
// Kazakh test (SMS and/or e-mail, in each employee's language) → {sent, skipped}; audited.
import { companyRoute } from '@/lib/company-portal/http';
import { sendInvitations } from '@/lib/company-portal/invitations';
import { invitationsSchema } from '@/lib/validations/company-roster';

export const POST = companyRoute(async ({ db, member, actor, body }) => sendInvitations(db, actor, member, await body(invitationsSchema)));
