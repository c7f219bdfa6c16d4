// GET /api/company/lessons?from=YYYY-MM-DD&to=YYYY-MM-DD - the lessons the company pays for: per employee, lessons and attended minutes (never their content); audited.
import { companyRoute } from '@/lib/company-portal/http';
import { employeeLessonMinutes } from '@/lib/company-portal/lesson-minutes';
import { trialsPeriod, trialsQuery } from '@/lib/validations/booking';

export const GET = companyRoute(async ({ db, companyId, actor, query }) => employeeLessonMinutes(db, actor, companyId, trialsPeriod(query(trialsQuery))));
