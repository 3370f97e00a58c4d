DROP INDEX "company_master_lower_name_idx";--> statement-breakpoint
CREATE INDEX "company_master_lower_name_idx" ON "company_master" USING btree (lower("name"));--> statement-breakpoint
-- The new index is on an expression: the planner knows how few rows a name finds only once it is analysed.
ANALYZE "company_master";
