// GET /api/admin/promo - promo codes with their uses (sales, admins); POST - a new code (admins).
import { createPromo, listPromo } from '@/lib/promo/admin';
import { staffRoute } from '@/lib/staff/http';
import { promoCreateSchema, promoQuery } from '@/lib/validations/promo-admin';

export const GET = staffRoute('sales', async ({ db, query }) => listPromo(db, query(promoQuery)));

export const POST = staffRoute('admin', async ({ db, actor, body }) => createPromo(db, actor, await body(promoCreateSchema)), { status: 201 });
