import { describe, expect, it } from 'vitest';
import { leads } from '@/lib/db/schema';
import { LEAD_STATUSES } from '@/lib/validations/lead-pipeline';
import { dbLabel, useTestDb } from '@/test/db';

// The pipeline's stages have one home (lib/validations/lead-pipeline.ts) and the database holds
// them too (CHECK leads_status_check, migration 0017): a stage the code does not know cannot be stored.
describe(`the lead pipeline's stages in the database (${dbLabel()})`, () => {
  const t = useTestDb();
  const lead = { kind: 'callback', name: 'Дана', phone: '+77011234567', locale: 'ru', page: '/' };

  it('stores every stage of LEAD_STATUSES and refuses any other', async () => {
    for (const status of LEAD_STATUSES) await t.db.insert(leads).values({ ...lead, status });
    await expect(t.db.insert(leads).values({ ...lead, status: 'archived' as never })).rejects.toThrow();
  });
});
