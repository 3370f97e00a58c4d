-- Industry and sub-industry join the searchable text (weight B, description now C), so that a search for a
-- kind of company ("software", "payments", "cloud security") finds the companies of that kind, not only
-- names that contain the word. Dropping the column drops its index, which is made again.
ALTER TABLE "company_master" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "company_master" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(primary_industry, '') || ' ' || coalesce(sub_industry, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "company_master_search_idx" ON "company_master" USING gin ("search_vector") WHERE "company_master"."owner_id" is null;
