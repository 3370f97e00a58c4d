CREATE TABLE "agent_workflow_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_workflow_state" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "copilot_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"analysis" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "copilot_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "copilot_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "copilot_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "deal_momentum" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"prospect_id" uuid NOT NULL,
	"velocity_score" integer NOT NULL,
	"momentum_trend" text NOT NULL,
	"progress_percentage" integer NOT NULL,
	"benchmark_comparison" text,
	"insight" text,
	"is_manual_override" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_momentum" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "prospect_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"prospect_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospect_activities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "revenue_forecasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"prospect_id" uuid NOT NULL,
	"timeline_days" integer DEFAULT 120 NOT NULL,
	"conservative_amount" bigint DEFAULT 0 NOT NULL,
	"realistic_amount" bigint DEFAULT 0 NOT NULL,
	"optimistic_amount" bigint DEFAULT 0 NOT NULL,
	"confidence_percentage" integer DEFAULT 75 NOT NULL,
	"is_user_edited" boolean DEFAULT false NOT NULL,
	"methodology" text,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "revenue_forecasts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "saved_prospects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"report_id" uuid,
	"company_id" uuid,
	"name" text NOT NULL,
	"revenue" text DEFAULT 'Unknown' NOT NULL,
	"employees" text DEFAULT 'Unknown' NOT NULL,
	"location" text DEFAULT 'Unknown' NOT NULL,
	"ceo" text DEFAULT 'Unknown' NOT NULL,
	"status" text DEFAULT 'qualified' NOT NULL,
	"account_health" text DEFAULT 'high-engagement' NOT NULL,
	"revenue_potential" text DEFAULT 'high-value-targets' NOT NULL,
	"lifecycle_position" text DEFAULT 'onboarding' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_prospects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "saved_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"industry" text,
	"target_prospects" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "agent_workflow_state" ADD CONSTRAINT "agent_workflow_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_messages" ADD CONSTRAINT "copilot_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_messages" ADD CONSTRAINT "copilot_messages_session_id_copilot_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."copilot_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_sessions" ADD CONSTRAINT "copilot_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_momentum" ADD CONSTRAINT "deal_momentum_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_momentum" ADD CONSTRAINT "deal_momentum_prospect_id_saved_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."saved_prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_activities" ADD CONSTRAINT "prospect_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_activities" ADD CONSTRAINT "prospect_activities_prospect_id_saved_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."saved_prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_forecasts" ADD CONSTRAINT "revenue_forecasts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_forecasts" ADD CONSTRAINT "revenue_forecasts_prospect_id_saved_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."saved_prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_prospects" ADD CONSTRAINT "saved_prospects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_prospects" ADD CONSTRAINT "saved_prospects_report_id_saved_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."saved_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_prospects" ADD CONSTRAINT "saved_prospects_company_id_company_master_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_master"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copilot_messages_session_idx" ON "copilot_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "copilot_sessions_user_idx" ON "copilot_sessions" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "deal_momentum_prospect_idx" ON "deal_momentum" USING btree ("prospect_id","updated_at");--> statement-breakpoint
CREATE INDEX "prospect_activities_prospect_idx" ON "prospect_activities" USING btree ("prospect_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_forecasts_prospect_timeline" ON "revenue_forecasts" USING btree ("prospect_id","timeline_days");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_prospects_user_name" ON "saved_prospects" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_prospects_user_idx" ON "saved_prospects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_reports_user_name" ON "saved_reports" USING btree ("user_id","name");--> statement-breakpoint
CREATE POLICY "agent_workflow_state_owner" ON "agent_workflow_state" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("agent_workflow_state"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("agent_workflow_state"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "copilot_messages_owner" ON "copilot_messages" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("copilot_messages"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("copilot_messages"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "copilot_sessions_owner" ON "copilot_sessions" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("copilot_sessions"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("copilot_sessions"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "deal_momentum_owner" ON "deal_momentum" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("deal_momentum"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("deal_momentum"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "prospect_activities_owner" ON "prospect_activities" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("prospect_activities"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("prospect_activities"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "revenue_forecasts_owner" ON "revenue_forecasts" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("revenue_forecasts"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("revenue_forecasts"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "saved_prospects_owner" ON "saved_prospects" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("saved_prospects"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("saved_prospects"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "saved_reports_owner" ON "saved_reports" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("saved_reports"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("saved_reports"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);