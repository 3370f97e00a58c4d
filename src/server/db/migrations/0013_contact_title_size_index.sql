-- A title search filtered by company size, and the facets (which count every industry, so they filter by the
-- title and the size only), read just the matching entries: size before industry in the key, and the facet
-- columns included so the counts come from the index alone. A search by title and industry without a size
-- reads company_contacts_title_idx instead, which holds the industry too.
DROP INDEX IF EXISTS "company_contacts_title_company_idx";--> statement-breakpoint
CREATE INDEX "company_contacts_title_size_idx" ON "company_contacts" USING btree ("title_normalized","company_size","company_industry","id")
  INCLUDE ("seniority","department","country") WHERE "company_contacts"."owner_id" is null;
