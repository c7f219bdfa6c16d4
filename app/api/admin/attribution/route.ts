import { attributionReport } from '@/lib/leads/attribution';
import { staffRoute } from '@/lib/staff/http';
import { attributionQuerySchema } from '@/lib/validations/attribution';

// GET /api/admin/attribution?from&to&touch=first|last&by=source|medium|campaign&sort&dir - leads, registrations, won by utm
export const GET = staffRoute('sales', async ({ db, query }) => attributionReport(db, query(attributionQuerySchema)));
