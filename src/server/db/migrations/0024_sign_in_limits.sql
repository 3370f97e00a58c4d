-- Issue 21, defect 6: the addresses each user has signed in from. Wrong passwords from new addresses are capped
-- per account (a distributed guesser is slowed), while a known address is never locked out by them.
CREATE TABLE "sign_in_addresses" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"ip" text NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_addresses_pk" PRIMARY KEY("user_id","ip")
);
