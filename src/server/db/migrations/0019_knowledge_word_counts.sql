CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "knowledge_word_counts" (
	"user_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"passages" integer NOT NULL,
	CONSTRAINT "knowledge_word_counts_user_id_lexeme_pk" PRIMARY KEY("user_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "knowledge_word_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "document_chunks_search_idx";--> statement-breakpoint
ALTER TABLE "knowledge_word_counts" ADD CONSTRAINT "knowledge_word_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("user_id","search_vector");--> statement-breakpoint
CREATE POLICY "knowledge_word_counts_owner" ON "knowledge_word_counts" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("knowledge_word_counts"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("knowledge_word_counts"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
INSERT INTO "knowledge_word_counts" ("user_id", "lexeme", "passages")
  SELECT c."user_id", w."lexeme", count(*)::int FROM "document_chunks" c, unnest(c."search_vector") w
  GROUP BY c."user_id", w."lexeme";
--> statement-breakpoint
-- The caller's passages matching a text query, through the search index. Under row-level security PostgreSQL
-- cannot search the index with `@@` (the operator is not leakproof, so it runs only after the policy, row by
-- row): this function reads the table as its owner and applies the policy's own condition itself.
CREATE FUNCTION "knowledge_passages_matching"(query tsquery) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id FROM document_chunks
  WHERE user_id = nullif(current_setting('app.user_id', true), '')::uuid AND search_vector @@ query
$$;
