/**
 * Company data vocabulary (spec 3 §3 `company_master`, issue 5): the industries, size bands and sources the
 * Company Finder stores and filters on. Shared by the data loader, the search API, the filter validator and
 * the web filter panel, so a stored value, a filter value and a label are always the same string.
 */
import { COMPANY_SIZES } from './profile.ts';

export { COMPANY_SIZES };
export type CompanySize = (typeof COMPANY_SIZES)[number];

/**
 * The `primary_industry` values, each with the NAICS 2022 code it corresponds to (the most specific one that
 * covers it). Source categories (GICS sub-industries, Y Combinator categories, CSV imports) map onto these.
 */
export const INDUSTRIES = [
  { name: 'Software', naics: '513210' },
  { name: 'Internet', naics: '519290' },
  { name: 'IT Services', naics: '541512' },
  { name: 'Semiconductors', naics: '334413' },
  { name: 'Computer Hardware', naics: '334111' },
  { name: 'Telecommunications', naics: '517' },
  { name: 'Media & Entertainment', naics: '512' },
  { name: 'Advertising & Marketing', naics: '5418' },
  { name: 'Financial Services', naics: '523' },
  { name: 'Banking', naics: '5221' },
  { name: 'Insurance', naics: '524' },
  { name: 'Fintech', naics: '522320' },
  { name: 'Real Estate', naics: '531' },
  { name: 'Healthcare', naics: '62' },
  { name: 'Biotechnology', naics: '541714' },
  { name: 'Pharmaceuticals', naics: '325412' },
  { name: 'Medical Devices', naics: '339112' },
  { name: 'Retail', naics: '44-45' },
  { name: 'E-commerce', naics: '44-45' },
  { name: 'Consumer Goods', naics: '3256' },
  { name: 'Food & Beverage', naics: '311' },
  { name: 'Manufacturing', naics: '31-33' },
  { name: 'Industrial Machinery', naics: '333' },
  { name: 'Aerospace & Defense', naics: '3364' },
  { name: 'Automotive', naics: '3361' },
  { name: 'Transportation & Logistics', naics: '48-49' },
  { name: 'Energy', naics: '211' },
  { name: 'Utilities', naics: '22' },
  { name: 'Chemicals', naics: '325' },
  { name: 'Materials & Mining', naics: '212' },
  { name: 'Construction', naics: '23' },
  { name: 'Education', naics: '61' },
  { name: 'Hospitality & Travel', naics: '721' },
  { name: 'Professional Services', naics: '541' },
  { name: 'Gaming', naics: '513210' },
  { name: 'Agriculture', naics: '11' },
  { name: 'Nonprofit', naics: '813' },
] as const;

export type IndustryName = (typeof INDUSTRIES)[number]['name'];
export const INDUSTRY_NAMES: readonly IndustryName[] = INDUSTRIES.map((industry) => industry.name);

/** Where a `company_master` row came from, and the licence it is used under. */
export const COMPANY_SOURCES = {
  sp500: { label: 'S&P 500', license: 'ODC-PDDL-1.0' },
  sec: { label: 'SEC listed companies', license: 'Public domain (U.S. government work)' },
  yc: { label: 'Y Combinator startups', license: 'CC BY-SA 4.0' },
  yago: { label: 'Large companies (YAGO 3, Wikipedia)', license: 'CC BY 3.0' },
  synthetic: { label: 'Synthetic (benchmarks)', license: 'Generated' },
  import: { label: 'Your import', license: 'Your data' },
} as const;

export type CompanySource = keyof typeof COMPANY_SOURCES;

/**
 * The facts a row's `fieldSources` can name a source for, as the company page labels them, in its order. Shared
 * rows name four (industry, employees, headquarters, website); a user's imported row names each it holds: their
 * own value, or one filled from the shared company it was merged with.
 */
export const FIELD_SOURCE_LABELS = {
  description: 'Description',
  industry: 'Industry',
  naicsCode: 'NAICS code',
  subIndustry: 'Sub-industry',
  size: 'Size',
  employees: 'Employees',
  headquarters: 'Location',
  foundedYear: 'Founded',
  ticker: 'Ticker / exchange',
  sicCode: 'SIC code',
  phone: 'Phone',
  website: 'Website',
} as const;
export type FieldSourceKey = keyof typeof FIELD_SOURCE_LABELS;

/** The source an imported row names for the values the user gave: 'Your import (accounts.csv)'. */
export const yourImportSource = (filename: string) => `${COMPANY_SOURCES.import.label} (${filename})`;

/** Where a saved account stands (My Companies), as a seller moves it along. */
export const TARGET_ACCOUNT_STATUSES = [
  'new',
  'researching',
  'engaged',
  'qualified',
  'disqualified',
] as const;
export type TargetAccountStatus = (typeof TARGET_ACCOUNT_STATUSES)[number];

export const TARGET_ACCOUNT_STATUS_LABELS = {
  new: 'New',
  researching: 'Researching',
  engaged: 'Engaged',
  qualified: 'Qualified',
  disqualified: 'Disqualified',
} as const satisfies Record<TargetAccountStatus, string>;

/** The employee range of each size band (the last is open-ended). */
const SIZE_BOUNDS: readonly [CompanySize, number][] = [
  ['1-10', 10],
  ['11-50', 50],
  ['51-200', 200],
  ['201-500', 500],
  ['501-1000', 1000],
  ['1001-5000', 5000],
  ['5001-10000', 10000],
];

/** The size band a head count falls in: 120 -> '51-200'; null for no (or a nonsensical) count. */
export function sizeBandOf(employees: number | null | undefined): CompanySize | null {
  if (employees === null || employees === undefined || !Number.isFinite(employees) || employees < 1)
    return null;
  return SIZE_BOUNDS.find(([, max]) => employees <= max)?.[0] ?? '10000+';
}

/** How company search results can be ordered ('-' = descending; relevance needs words to rank by). */
export const COMPANY_SORTS = [
  'relevance',
  'name',
  '-name',
  'employees',
  '-employees',
  'founded',
  '-founded',
] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

// ---------------------------------------------------------------------------------------------------------
// CSV import of the user's own accounts
// ---------------------------------------------------------------------------------------------------------

/** Our fields a CSV column can fill; `name` is the one that must be there. */
export const IMPORT_FIELDS = [
  'name',
  'domain',
  'website',
  'industry',
  'employees',
  'size',
  'country',
  'region',
  'city',
  'foundedYear',
  'ticker',
  'description',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** `{ field: column }`; a field without a column is not imported. */
export type ImportMapping = Partial<Record<ImportField, string>>;

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`;

/**
 * The kinds of criteria a search that found nothing can be tried without (the API's `withoutFilter`): its
 * words, the industry, the size (band or head-count range), the place (country, region or city), the founding
 * years and the data source.
 */
export const RELAXABLE_FILTERS = ['words', 'industry', 'size', 'place', 'founded', 'source'] as const;
export type RelaxableFilter = (typeof RELAXABLE_FILTERS)[number];
