ALTER TABLE "company_master" ADD COLUMN "sic_code" text;--> statement-breakpoint
ALTER TABLE "company_master" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "company_master" ADD COLUMN "field_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;