import { exportLeads } from '@/lib/leads/export';
import { staffRoute } from '@/lib/staff/http';
import { EXPORT_SCOPES } from '@/lib/validations/staff-scopes';

// GET /api/admin/leads/export.csv?<the list's filters>&lang= - the filtered leads as CSV (UTF-8 with BOM, `;`), streamed
export const GET = staffRoute(EXPORT_SCOPES, (ctx) => exportLeads(ctx, 'csv'));
