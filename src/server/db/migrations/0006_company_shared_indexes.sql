DROP INDEX "company_master_search_idx";--> statement-breakpoint
DROP INDEX "company_master_name_trgm_idx";--> statement-breakpoint
DROP INDEX "company_master_name_idx";--> statement-breakpoint
DROP INDEX "company_master_employees_idx";--> statement-breakpoint
DROP INDEX "company_master_founded_idx";--> statement-breakpoint
CREATE INDEX "company_master_search_idx" ON "company_master" USING gin ("search_vector") WHERE "company_master"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "company_master_name_trgm_idx" ON "company_master" USING gin ("name" gin_trgm_ops) WHERE "company_master"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "company_master_name_idx" ON "company_master" USING btree ("name","id") WHERE "company_master"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "company_master_employees_idx" ON "company_master" USING btree ("employees","id") WHERE "company_master"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "company_master_founded_idx" ON "company_master" USING btree ("founded_year","id") WHERE "company_master"."owner_id" is null;