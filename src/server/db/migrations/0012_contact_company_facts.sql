ALTER TABLE "company_contacts" ADD COLUMN "company_industry" text;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD COLUMN "company_size" text;--> statement-breakpoint
-- A person carries their company's industry and size (people search filters on them beside the title).
CREATE FUNCTION company_contacts_copy_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT primary_industry, size INTO NEW.company_industry, NEW.company_size
    FROM company_master WHERE id = NEW.company_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER company_contacts_copy_company BEFORE INSERT OR UPDATE OF company_id ON company_contacts
  FOR EACH ROW EXECUTE FUNCTION company_contacts_copy_company();--> statement-breakpoint
-- ... and keeps them when the company changes.
CREATE FUNCTION company_master_copy_to_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_contacts SET company_industry = NEW.primary_industry, company_size = NEW.size
    WHERE company_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER company_master_copy_to_contacts AFTER UPDATE OF primary_industry, size ON company_master
  FOR EACH ROW WHEN (OLD.primary_industry IS DISTINCT FROM NEW.primary_industry OR OLD.size IS DISTINCT FROM NEW.size)
  EXECUTE FUNCTION company_master_copy_to_contacts();--> statement-breakpoint
UPDATE company_contacts p SET company_industry = m.primary_industry, company_size = m.size
  FROM company_master m WHERE m.id = p.company_id;--> statement-breakpoint
-- A title search reads each title's people in id order, with the company filters and facet columns at hand.
CREATE INDEX "company_contacts_title_idx" ON "company_contacts" USING btree ("title_normalized","id")
  INCLUDE ("company_industry","company_size","seniority","department","country") WHERE "company_contacts"."owner_id" is null;
--> statement-breakpoint
-- ... and with the company filters it reads only the people at companies of that industry and size.
CREATE INDEX "company_contacts_title_company_idx" ON "company_contacts" USING btree ("title_normalized","company_industry","company_size","id") WHERE "company_contacts"."owner_id" is null;
