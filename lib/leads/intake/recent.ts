import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { leads } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { checkKzMobile } from '@/lib/phone';

/** The 20 newest leads, of one phone when `phone` is a valid one (development tools only). */
export async function recentLeads(db: Db, phone: string | null) {
  const checked = checkKzMobile(phone ?? '');
  const query = db.select().from(leads).orderBy(desc(leads.id)).limit(20);
  return checked.ok ? query.where(eq(leads.phone, checked.e164)) : query;
}
