/** The columns of `company_master` that a COPY of company rows fills (see db/copy.ts). */
import type { CopyTarget } from '../../../db/copy.ts';
import type { CompanyRow } from './build-company-rows.ts';

/** A row to copy: a shared row, or (with an owner) a user's import. */
export type CopyRow = CompanyRow & { ownerId?: string; importId?: string };

export const COMPANY_COPY: CopyTarget<CopyRow> = {
  table: 'company_master',
  columns: [
    ['name', 'name'],
    ['domain', 'domain'],
    ['website', 'website'],
    ['primaryIndustry', 'primary_industry'],
    ['naicsCode', 'naics_code'],
    ['subIndustry', 'sub_industry'],
    ['size', 'size'],
    ['employees', 'employees'],
    ['country', 'country'],
    ['countryCode', 'country_code'],
    ['region', 'region'],
    ['city', 'city'],
    ['location', 'location'],
    ['foundedYear', 'founded_year'],
    ['ticker', 'ticker'],
    ['exchange', 'exchange'],
    ['cik', 'cik'],
    ['sicCode', 'sic_code'],
    ['phone', 'phone'],
    ['description', 'description'],
    ['fieldSources', 'field_sources'],
    ['source', 'source'],
    ['license', 'license'],
    ['ownerId', 'owner_id'],
    ['importId', 'import_id'],
  ],
};
