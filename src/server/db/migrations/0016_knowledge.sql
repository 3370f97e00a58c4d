CREATE TABLE "document_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"section" text,
	"page" integer,
	"text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(section, '')), 'A') || setweight(to_tsvector('english', text), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_chunks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_files" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"checksum" text NOT NULL,
	"source_type" text DEFAULT 'upload' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"page_count" integer,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_references_progress_range" CHECK ("document_references"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "document_references" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "entity_document_refs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"chunk_id" uuid NOT NULL,
	"mention_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entity_document_refs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "knowledge_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"canonical_name" text NOT NULL,
	"entity_type" text NOT NULL,
	"mention_count" integer DEFAULT 0 NOT NULL,
	"document_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_entities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "knowledge_relationships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source_entity_id" uuid NOT NULL,
	"target_entity_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_relationships" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "relationship_document_refs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"relationship_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"chunk_id" uuid NOT NULL,
	"phrase" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relationship_document_refs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_document_id_document_references_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_document_references_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_references" ADD CONSTRAINT "document_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_document_refs" ADD CONSTRAINT "entity_document_refs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_document_refs" ADD CONSTRAINT "entity_document_refs_entity_id_knowledge_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."knowledge_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_document_refs" ADD CONSTRAINT "entity_document_refs_document_id_document_references_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_document_refs" ADD CONSTRAINT "entity_document_refs_chunk_id_document_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."document_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_entities" ADD CONSTRAINT "knowledge_entities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_relationships" ADD CONSTRAINT "knowledge_relationships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_relationships" ADD CONSTRAINT "knowledge_relationships_source_entity_id_knowledge_entities_id_fk" FOREIGN KEY ("source_entity_id") REFERENCES "public"."knowledge_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_relationships" ADD CONSTRAINT "knowledge_relationships_target_entity_id_knowledge_entities_id_fk" FOREIGN KEY ("target_entity_id") REFERENCES "public"."knowledge_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_document_refs" ADD CONSTRAINT "relationship_document_refs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_document_refs" ADD CONSTRAINT "relationship_document_refs_relationship_id_knowledge_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."knowledge_relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_document_refs" ADD CONSTRAINT "relationship_document_refs_document_id_document_references_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_document_refs" ADD CONSTRAINT "relationship_document_refs_chunk_id_document_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."document_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_chunks_document_ordinal" ON "document_chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "document_chunks_user_idx" ON "document_chunks" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_references_user_filename" ON "document_references" USING btree ("user_id","filename");--> statement-breakpoint
CREATE INDEX "document_references_user_created_idx" ON "document_references" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_document_refs_entity_chunk" ON "entity_document_refs" USING btree ("entity_id","chunk_id");--> statement-breakpoint
CREATE INDEX "entity_document_refs_chunk_idx" ON "entity_document_refs" USING btree ("chunk_id");--> statement-breakpoint
CREATE INDEX "entity_document_refs_document_idx" ON "entity_document_refs" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_entities_user_key" ON "knowledge_entities" USING btree ("user_id","entity_type","canonical_name");--> statement-breakpoint
CREATE INDEX "knowledge_entities_name_trgm_idx" ON "knowledge_entities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_relationships_user_key" ON "knowledge_relationships" USING btree ("user_id","source_entity_id","target_entity_id","relation");--> statement-breakpoint
CREATE INDEX "knowledge_relationships_target_idx" ON "knowledge_relationships" USING btree ("target_entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relationship_document_refs_relationship_chunk" ON "relationship_document_refs" USING btree ("relationship_id","chunk_id");--> statement-breakpoint
CREATE INDEX "relationship_document_refs_chunk_idx" ON "relationship_document_refs" USING btree ("chunk_id");--> statement-breakpoint
CREATE INDEX "relationship_document_refs_document_idx" ON "relationship_document_refs" USING btree ("document_id");--> statement-breakpoint
CREATE POLICY "document_chunks_owner" ON "document_chunks" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("document_chunks"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("document_chunks"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "document_files_owner" ON "document_files" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("document_files"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("document_files"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "document_references_owner" ON "document_references" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("document_references"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("document_references"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "entity_document_refs_owner" ON "entity_document_refs" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("entity_document_refs"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("entity_document_refs"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "knowledge_entities_owner" ON "knowledge_entities" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("knowledge_entities"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("knowledge_entities"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "knowledge_relationships_owner" ON "knowledge_relationships" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("knowledge_relationships"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("knowledge_relationships"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "relationship_document_refs_owner" ON "relationship_document_refs" AS PERMISSIVE FOR ALL TO "prospector_app" USING ("relationship_document_refs"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK ("relationship_document_refs"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid);