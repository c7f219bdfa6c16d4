// GET /api/company/settings - the company's portal settings; PATCH {rosterOnly} - only the roster takes the test (audited).
import { companyRoute } from '@/lib/company-portal/http';
import { companySettings, setRosterOnly } from '@/lib/company-portal/invitations';
import { companySettingsSchema } from '@/lib/validations/company-roster';

export const GET = companyRoute(async ({ db, companyId }) => companySettings(db, companyId));

export const PATCH = companyRoute(async ({ db, companyId, actor, body }) => setRosterOnly(db, actor, companyId, (await body(companySettingsSchema)).rosterOnly));
