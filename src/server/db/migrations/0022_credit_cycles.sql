-- Issue 21: used_credits counts the usage since the last roll-over, and an upgrade restarts the billing cycle
-- without giving used credits back, so the cycle start no longer says where that count began. This does.
-- Accounts of the earlier model reset used_credits at every cycle start, so that is where their count began.
ALTER TABLE "user_credits" ADD COLUMN "used_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "user_credits" SET "used_since" = "billing_cycle_start";
