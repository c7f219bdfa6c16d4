-- The lead pipeline's stages (lib/validations/lead-pipeline.ts LEAD_STATUSES), held by the database too.
-- Numbered 0017: 0016 is taken by the lesson room's migration on another branch (see the merge note).
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'contacted', 'trial_scheduled', 'won', 'lost'));
