-- Trigram indexes for the leads search (ILIKE '%fragment%' on the name, LIKE on the phone's digits).
-- pg_trgm ships with PostgreSQL (contrib: Debian's postgresql-15 package has it; PGlite loads it in
-- lib/db/open.ts) and is a trusted extension since PostgreSQL 13, so the database's owner may create
-- it. Where it is missing or may not be created, this migration still succeeds and the search scans
-- the table instead (README, "Running on PostgreSQL", says how to add the indexes later).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS "leads_name_trgm_idx" ON "leads" USING gin ("name" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "leads_phone_trgm_idx" ON "leads" USING gin ("phone" gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%): the leads search runs without trigram indexes', SQLERRM;
END $$;
