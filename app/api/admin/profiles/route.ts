// GET /api/admin/profiles?page= - tutor profiles waiting for review (scope reviewer), oldest submission first, with the changed fields.
import { pendingProfiles } from '@/lib/marketplace/tutor-profile';
import { staffRoute } from '@/lib/staff/http';
import { profileQueueSchema } from '@/lib/validations/tutor-profile';

export const GET = staffRoute('reviewer', async ({ db, query }) => pendingProfiles(db, query(profileQueueSchema).page));
