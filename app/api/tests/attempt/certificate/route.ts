// GET /api/tests/attempt/certificate - the certificate PDF of a finished Kazakh test (X-Test-Token).
import type { NextRequest } from 'next/server';
import { errorResponse } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { certificatePdf } from '@/lib/certificates/store';
import { getDb } from '@/lib/db/client';
import { certificateOfAttempt } from '@/lib/quiz/attempts';
import { limitPerIp, limitPerToken, testToken } from '@/lib/quiz/http';

export async function GET(req: NextRequest) {
  const { locale, ipHash } = requestContext(req);
  try {
    const db = await getDb();
    // Rendered once and kept, so a download is a read; a person still needs only a few:
    // 20 per token and 20 per address in 10 minutes.
    await limitPerToken(db, req, 'pdf', 20);
    await limitPerIp(db, ipHash, 'pdf', 20);
    const c = await certificateOfAttempt(db, testToken(req));
    const pdf = await certificatePdf(db, c);
    return new Response(new Uint8Array(pdf), {
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
