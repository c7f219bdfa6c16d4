ALTER TABLE "tutor_profiles" ADD COLUMN "reject_reasons" jsonb;
