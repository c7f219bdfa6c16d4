// GET /api/admin/applications?status=&overdue=&q=&page=&pageSize= - the review queue (scope reviewer): oldest due first, phones masked.
import { viewApplicationQueue } from '@/lib/review/queue';
import { staffRoute } from '@/lib/staff/http';
import { applicationQueueSchema } from '@/lib/validations/review';

export const GET = staffRoute('reviewer', async ({ db, actor, query }) => viewApplicationQueue(db, actor, query(applicationQueueSchema)));
