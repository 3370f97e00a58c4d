CREATE TABLE "answer_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" uuid,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_feedback_rating" CHECK ("answer_feedback"."rating" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "answer_feedback" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "answer_library" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner" text NOT NULL,
	"origin" text DEFAULT 'library' NOT NULL,
	"last_reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', answer), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_library" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "answer_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "answer_reviews" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "generated_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"template" text NOT NULL,
	"title" text NOT NULL,
	"company_id" uuid,
	"company_name" text,
	"contact_id" uuid,
	"prospect_id" uuid,
	"markdown" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generated_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "rfp_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rfp_comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "rfp_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"issuer" text,
	"deadline" timestamp with time zone,
	"source_filename" text,
	"source_format" text NOT NULL,
	"source_file" "bytea",
	"source_layout" jsonb,
	"draft_job_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rfp_projects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "rfp_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"ref" text,
	"section" text,
	"text" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confidence" smallint,
	"status" text DEFAULT 'draft' NOT NULL,
	"answer_origin" text,
	"library_entry_id" uuid,
	"assignee" text,
	"location" jsonb,
	"drafted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfp_questions_confidence_range" CHECK ("rfp_questions"."confidence" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "rfp_questions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "answer_feedback" ADD CONSTRAINT "answer_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_feedback" ADD CONSTRAINT "answer_feedback_entry_id_answer_library_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."answer_library"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_library" ADD CONSTRAINT "answer_library_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_reviews" ADD CONSTRAINT "answer_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_reviews" ADD CONSTRAINT "answer_reviews_entry_id_answer_library_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."answer_library"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_company_id_company_master_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_master"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_contact_id_company_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."company_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_prospect_id_saved_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."saved_prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_comments" ADD CONSTRAINT "rfp_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_comments" ADD CONSTRAINT "rfp_comments_question_id_rfp_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."rfp_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_projects" ADD CONSTRAINT "rfp_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_questions" ADD CONSTRAINT "rfp_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_questions" ADD CONSTRAINT "rfp_questions_project_id_rfp_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."rfp_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_questions" ADD CONSTRAINT "rfp_questions_library_entry_id_answer_library_id_fk" FOREIGN KEY ("library_entry_id") REFERENCES "public"."answer_library"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_feedback_entry_idx" ON "answer_feedback" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "answer_feedback_user_idx" ON "answer_feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "answer_library_search_idx" ON "answer_library" USING gin ("user_id","search_vector");--> statement-breakpoint
CREATE INDEX "answer_library_question_trgm_idx" ON "answer_library" USING gin ("question" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "answer_library_user_idx" ON "answer_library" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "answer_reviews_user_idx" ON "answer_reviews" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "generated_documents_user_idx" ON "generated_documents" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "rfp_comments_question_idx" ON "rfp_comments" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "rfp_projects_user_idx" ON "rfp_projects" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rfp_questions_project_ordinal" ON "rfp_questions" USING btree ("project_id","ordinal");--> statement-breakpoint
CREATE POLICY "answer_feedback_owner" ON "answer_feedback" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("answer_feedback"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("answer_feedback"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "answer_library_owner" ON "answer_library" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("answer_library"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("answer_library"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "answer_reviews_owner" ON "answer_reviews" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("answer_reviews"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("answer_reviews"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "generated_documents_owner" ON "generated_documents" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("generated_documents"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("generated_documents"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "rfp_comments_owner" ON "rfp_comments" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("rfp_comments"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("rfp_comments"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "rfp_projects_owner" ON "rfp_projects" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("rfp_projects"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("rfp_projects"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "rfp_questions_owner" ON "rfp_questions" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("rfp_questions"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("rfp_questions"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);