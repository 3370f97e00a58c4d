-- Trigram similarity lets a misspelt name find its company ("microsft" -> Microsoft).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "company_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"content" text,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"duplicate_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "company_master" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"domain" text,
	"website" text,
	"primary_industry" text,
	"naics_code" text,
	"sub_industry" text,
	"size" text,
	"employees" integer,
	"country" text,
	"country_code" text,
	"region" text,
	"city" text,
	"location" text,
	"founded_year" smallint,
	"ticker" text,
	"exchange" text,
	"cik" text,
	"description" text,
	"source" text NOT NULL,
	"license" text NOT NULL,
	"import_id" uuid,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_master" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "prospect_scores" (
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"tier" text NOT NULL,
	"reason" text NOT NULL,
	"segment_id" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospect_scores_user_id_company_id_pk" PRIMARY KEY("user_id","company_id"),
	CONSTRAINT "prospect_scores_range" CHECK ("prospect_scores"."score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "prospect_scores" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "saved_target_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_target_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_imports" ADD CONSTRAINT "company_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_master" ADD CONSTRAINT "company_master_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_scores" ADD CONSTRAINT "prospect_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_scores" ADD CONSTRAINT "prospect_scores_company_id_company_master_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_master"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_target_accounts" ADD CONSTRAINT "saved_target_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_target_accounts" ADD CONSTRAINT "saved_target_accounts_company_id_company_master_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_master"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_imports_user_idx" ON "company_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "company_master_search_idx" ON "company_master" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "company_master_name_trgm_idx" ON "company_master" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_master_name_idx" ON "company_master" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "company_master_industry_idx" ON "company_master" USING btree ("primary_industry");--> statement-breakpoint
CREATE INDEX "company_master_size_idx" ON "company_master" USING btree ("size");--> statement-breakpoint
CREATE INDEX "company_master_place_idx" ON "company_master" USING btree ("country","region","city");--> statement-breakpoint
CREATE INDEX "company_master_employees_idx" ON "company_master" USING btree ("employees","id");--> statement-breakpoint
CREATE INDEX "company_master_founded_idx" ON "company_master" USING btree ("founded_year","id");--> statement-breakpoint
CREATE INDEX "company_master_source_idx" ON "company_master" USING btree ("source");--> statement-breakpoint
CREATE INDEX "company_master_owner_idx" ON "company_master" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "company_master_domain_idx" ON "company_master" USING btree (lower("domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_target_accounts_user_company" ON "saved_target_accounts" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "saved_target_accounts_user_idx" ON "saved_target_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE POLICY "company_imports_owner" ON "company_imports" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("company_imports"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("company_imports"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "company_master_shared_or_owner" ON "company_master" AS PERMISSIVE FOR SELECT TO "prospector_app" USING ("company_master"."owner_id" is null or "company_master"."owner_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "company_master_owner_writes" ON "company_master" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("company_master"."owner_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("company_master"."owner_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "prospect_scores_owner" ON "prospect_scores" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("prospect_scores"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("prospect_scores"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "saved_target_accounts_owner" ON "saved_target_accounts" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("saved_target_accounts"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("saved_target_accounts"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);