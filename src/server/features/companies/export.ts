import type { CsvColumns } from '../../http/csv-export.ts';
import type { CompanyRow } from './search.ts';

export const COMPANY_COLUMNS: CsvColumns<CompanyRow> = [
  ['Name', (c) => c.name],
  ['Domain', (c) => c.domain],
  ['Website', (c) => c.website],
  ['Industry', (c) => c.primaryIndustry],
  ['NAICS', (c) => c.naicsCode],
  ['Sub-industry', (c) => c.subIndustry],
  ['Size', (c) => c.size],
  ['Employees', (c) => c.employees],
  ['Country', (c) => c.country],
  ['Region', (c) => c.region],
  ['City', (c) => c.city],
  ['Founded', (c) => c.foundedYear],
  ['Ticker', (c) => c.ticker],
  ['Exchange', (c) => c.exchange],
  ['Fit score', (c) => c.fit?.score ?? null],
  ['Fit tier', (c) => c.fit?.tier ?? null],
  ['Fit reason', (c) => c.fit?.reason ?? null],
  ['Description', (c) => c.description],
  ['Source', (c) => c.source],
  ['Licence', (c) => c.license],
];
