// POST /api/admin/leads/{id}/notes - {text}: a note in the lead's history.
import { idParam } from '@/lib/api/params';
import { addLeadNote } from '@/lib/leads/notes';
import { staffRoute } from '@/lib/staff/http';
import { leadNoteSchema } from '@/lib/validations/leads-admin';

export const POST = staffRoute(
  'sales',
  async ({ db, actor, params, body }) => {
    const id = idParam(params);
    return addLeadNote(db, actor, id, (await body(leadNoteSchema)).text);
  },
  { status: 201 },
);
