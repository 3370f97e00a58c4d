import Papa from 'papaparse';
import type { CompanyRow } from './search.ts';

/** The most rows one export holds (Apollo caps exports too); a larger list is narrowed first. */
export const EXPORT_MAX_ROWS = 10_000;
/** Spec 2 price list: `export` costs 1 credit per 100 rows. */
export const ROWS_PER_EXPORT_CREDIT = 100;

export const exportCredits = (rows: number) => Math.ceil(rows / ROWS_PER_EXPORT_CREDIT);

const COLUMNS: [string, (c: CompanyRow) => string | number | null][] = [
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

/** A spreadsheet would run a cell starting with = + - @ as a formula (CSV injection): make it text. */
const safeCell = (value: string | number | null) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? '');

export function companiesCsv(companies: readonly CompanyRow[]): string {
  return Papa.unparse({
    fields: COLUMNS.map(([name]) => name),
    data: companies.map((company) => COLUMNS.map(([, read]) => safeCell(read(company)))),
  });
}
