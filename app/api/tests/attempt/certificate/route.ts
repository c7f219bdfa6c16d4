// GET /api/tests/attempt/certificate - the certificate PDF of a finished Kazakh test (X-Test-Token).
import { route } from '@/lib/api/route';
import { testToken } from '@/lib/quiz/http';
import { certificateDownload } from '@/lib/quiz/sitting';

export const GET = route(async (ctx) => {
  const { number, pdf } = await certificateDownload(ctx.db, testToken(ctx.req), ctx.ipHash);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="tilmen-certificate-${number}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
