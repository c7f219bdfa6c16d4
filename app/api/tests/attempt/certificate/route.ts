// GET /api/tests/attempt/certificate - the certificate PDF of a finished Kazakh test (X-Test-Token).
import type { NextRequest } from 'next/server';
import { errorResponse } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { renderCertificatePdf } from '@/lib/certificates/pdf';
import { getDb } from '@/lib/db/client';
import { certificateOfAttempt } from '@/lib/quiz/attempts';
import { limitPerToken, testToken } from '@/lib/quiz/http';
import { absoluteUrl } from '@/lib/seo';

export async function GET(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const db = await getDb();
    // A PDF costs ~100 ms of CPU: a person downloads it a few times, a loop does not get to.
    await limitPerToken(db, req, 'pdf', 30);
    const c = await certificateOfAttempt(db, testToken(req));
    const pdf = await renderCertificatePdf({
      number: c.number,
      firstName: c.firstName,
      lastName: c.lastName,
      level: c.level,
      levelName: c.levelName,
      company: c.companyName,
      issuedAt: c.issuedAt,
      verifyUrl: absoluteUrl(`/certificate/${c.number}`),
    });
    return new Response(Buffer.from(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="tilmen-certificate-${c.number}.pdf"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (err) {
    return errorResponse(err, locale);
  }
}
