CREATE TABLE "company_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"full_name" text NOT NULL,
	"title" text,
	"title_normalized" text,
	"seniority" text,
	"department" text,
	"email" text,
	"phone" text,
	"linkedin_url" text,
	"country" text,
	"country_code" text,
	"region" text,
	"city" text,
	"source" text NOT NULL,
	"license" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(full_name, '')), 'A') || setweight(to_tsvector('simple', coalesce(title_normalized, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_contacts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contact_suppressions" (
	"person_key" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT 'request' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_key_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_key_people" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_company_id_company_master_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_master"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_key_people" ADD CONSTRAINT "saved_key_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_key_people" ADD CONSTRAINT "saved_key_people_contact_id_company_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."company_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_contacts_company_idx" ON "company_contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_contacts_owner_idx" ON "company_contacts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "company_contacts_email_idx" ON "company_contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "company_contacts_search_idx" ON "company_contacts" USING gin ("search_vector") WHERE "company_contacts"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "company_contacts_name_idx" ON "company_contacts" USING btree ("full_name","id") WHERE "company_contacts"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "company_contacts_role_idx" ON "company_contacts" USING btree ("seniority","department","full_name","id") WHERE "company_contacts"."owner_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_key_people_user_contact" ON "saved_key_people" USING btree ("user_id","contact_id");--> statement-breakpoint
CREATE INDEX "saved_key_people_user_idx" ON "saved_key_people" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE POLICY "company_contacts_shared_or_owner" ON "company_contacts" AS PERMISSIVE FOR SELECT TO "prospector_app" USING ("company_contacts"."owner_id" is null or "company_contacts"."owner_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "company_contacts_owner_writes" ON "company_contacts" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("company_contacts"."owner_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("company_contacts"."owner_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "saved_key_people_owner" ON "saved_key_people" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("saved_key_people"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("saved_key_people"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);