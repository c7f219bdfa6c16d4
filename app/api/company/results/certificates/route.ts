// GET /api/company/results/certificates - one ZIP of the company's certificates ("<LastName>_<number>.pdf"), streamed; audited.
import { companyRoute } from '@/lib/company-portal/http';
import { certificatesZip } from '@/lib/company-portal/results-export';

export const GET = companyRoute(async ({ db, companyId, actor }) => certificatesZip(db, actor, companyId));
