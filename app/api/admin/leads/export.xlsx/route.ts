import { exportLeads } from '@/lib/leads/export';
import { staffRoute } from '@/lib/staff/http';
import { EXPORT_SCOPES } from '@/lib/validations/staff-scopes';

// GET /api/admin/leads/export.xlsx?<the list's filters>&lang= - the filtered leads as an Excel workbook, streamed
export const GET = staffRoute(EXPORT_SCOPES, (ctx) => exportLeads(ctx, 'xlsx'));
