CREATE TABLE "credit_pricing" (
	"activity_type" text PRIMARY KEY NOT NULL,
	"credits_required" integer NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_pricing_positive" CHECK ("credit_pricing"."credits_required" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_type" text NOT NULL,
	"activity_type" text,
	"credits_amount" integer NOT NULL,
	"description" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_transactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_credits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan_type" text NOT NULL,
	"total_credits" integer NOT NULL,
	"used_credits" integer DEFAULT 0 NOT NULL,
	"billing_cycle_start" timestamp with time zone NOT NULL,
	"billing_cycle_end" timestamp with time zone NOT NULL,
	"pending_plan_type" text,
	"alerts_sent" smallint DEFAULT 0 NOT NULL,
	"auto_top_up_package_id" text,
	"auto_top_up_below" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_credits_used_within_total" CHECK ("user_credits"."used_credits" >= 0 and "user_credits"."used_credits" <= "user_credits"."total_credits")
);
--> statement-breakpoint
ALTER TABLE "user_credits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credits" ADD CONSTRAINT "user_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_transactions_user_idx" ON "credit_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_idempotency" ON "credit_transactions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE POLICY "credit_transactions_owner" ON "credit_transactions" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("credit_transactions"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("credit_transactions"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "user_credits_owner" ON "user_credits" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("user_credits"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("user_credits"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);