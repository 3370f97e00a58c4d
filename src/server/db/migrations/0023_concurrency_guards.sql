-- Issue 21, defect 2: "one at a time" held by the database, not by a read before the write.
-- A job may carry a key naming the work it does (an RFP's "draft all", one document's processing): at most one
-- queued or running job per key, so concurrent requests that would start the same work get the one job.
ALTER TABLE "jobs" ADD COLUMN "unique_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_open_run_per_key" ON "jobs" USING btree ("unique_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
-- An RFP question being drafted is claimed (by its job or by the request regenerating it) with a conditional
-- UPDATE before the work, so that two drafts of one answer cannot both be charged.
ALTER TABLE "rfp_questions" ADD COLUMN "drafting_by" text;--> statement-breakpoint
ALTER TABLE "rfp_questions" ADD COLUMN "drafting_since" timestamp with time zone;
