-- Exporting personal data becomes a permission of its own (scope `export`). Sales members had it
-- through their scope until now: they keep it, and an admin can take it away from a seller.
UPDATE "staff" SET "scopes" = "scopes" || '["export"]'::jsonb WHERE "scopes" @> '["sales"]'::jsonb AND NOT "scopes" @> '["export"]'::jsonb;
