// GET /api/admin/companies - companies with their counts (sales, admins); POST - a new company (admins).
import { createCompany, listCompanies } from '@/lib/companies/admin';
import { staffRoute } from '@/lib/staff/http';
import { companiesQuery, companyCreateSchema } from '@/lib/validations/companies';

export const GET = staffRoute('sales', async ({ db, query }) => listCompanies(db, query(companiesQuery)));

export const POST = staffRoute('admin', async ({ db, actor, body }) => createCompany(db, actor, await body(companyCreateSchema)), { status: 201 });
