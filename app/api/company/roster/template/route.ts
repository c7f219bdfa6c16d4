// GET /api/company/roster/template - the roster template (XLSX, the IIN column as text) in the HR person's language.
import { companyRoute } from '@/lib/company-portal/http';
import { rosterTemplate } from '@/lib/company-portal/roster';

export const GET = companyRoute(async ({ req, locale }) => {
  // A download link cannot set Accept-Language: the page passes its language.
  const lang = req.nextUrl.searchParams.get('lang');
  const body = await rosterTemplate(lang === 'ru' || lang === 'kk' || lang === 'en' ? lang : locale);
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="roster-template.xlsx"',
      'cache-control': 'no-store',
    },
  });
});
