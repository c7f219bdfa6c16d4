// GET /api/company/results/certificates/{number} - one certificate's PDF of the company's roster (404 for any other); audited.
import { ApiError } from '@/lib/api/errors';
import { audit } from '@/lib/audit/log';
import { certificatePdf } from '@/lib/certificates/store';
import { companyRoute } from '@/lib/company-portal/http';
import { companyCertificate } from '@/lib/company-portal/results';
import { fileResponse } from '@/lib/api/download';
import { certificateFileName } from '@/lib/company-portal/results-export';
import { CERTIFICATE_NUMBER_RE } from '@/lib/certificates/number';

export const GET = companyRoute(async ({ db, companyId, actor, params }) => {
  const number = String(params.number ?? '').toUpperCase();
  if (!CERTIFICATE_NUMBER_RE.test(number)) throw new ApiError(404, 'not_found');
  const certificate = await companyCertificate(db, companyId, number);
  if (!certificate) throw new ApiError(404, 'not_found');
  await audit(db, actor, { action: 'results.certificate', entity: 'certificate', entityId: certificate.id, after: { companyId, number } });
  const pdf = await certificatePdf(db, certificate);
  return fileResponse(new Uint8Array(pdf), 'pdf', certificateFileName(certificate.lastName, certificate.number));
});
