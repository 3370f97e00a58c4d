DROP INDEX "deal_momentum_prospect_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "deal_momentum_prospect_key" ON "deal_momentum" USING btree ("prospect_id");