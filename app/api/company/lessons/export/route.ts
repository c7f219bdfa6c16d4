// GET /api/company/lessons/export?from=YYYY-MM-DD&to=YYYY-MM-DD&format=xlsx|csv - the company's lessons per employee with their dates, what the room's log says, the minutes attended and the pool lesson each took; IINs masked; audited: lesson.export.
import { companyRoute } from '@/lib/company-portal/http';
import { exportLessons } from '@/lib/company-portal/lesson-minutes';
import { trialsPeriod, trialsQuery } from '@/lib/validations/booking';
import { lessonsExportFormat } from '@/lib/validations/company-pools';

export const GET = companyRoute(async ({ db, companyId, actor, locale, query }) => exportLessons(db, actor, companyId, trialsPeriod(query(trialsQuery)), query(lessonsExportFormat).format, locale));
