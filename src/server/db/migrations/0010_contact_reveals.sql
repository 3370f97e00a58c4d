CREATE TABLE "contact_reveals" (
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"email" text,
	"email_status" text,
	"email_confidence" smallint,
	"email_found_at" timestamp with time zone,
	"phone" text,
	"phone_found_at" timestamp with time zone,
	CONSTRAINT "contact_reveals_user_id_contact_id_pk" PRIMARY KEY("user_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "contact_reveals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_contact_id_company_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."company_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "contact_reveals_owner" ON "contact_reveals" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("contact_reveals"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("contact_reveals"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);