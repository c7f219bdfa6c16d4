import 'server-only';
import { eq } from 'drizzle-orm';
import { companyLinks } from '@/lib/companies/admin';
import { companies } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/** The portal's first page: the company and the links its people take the tests through. */
export async function portalHome(db: Db, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return null;
  return { name: company.name, links: companyLinks(company.slug) };
}
