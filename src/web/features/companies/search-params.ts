/**
 * The research table's state lives in the address (shareable; back and forward work). This file turns the
 * web address into a search, a search into the API's query, and back.
 *
 * The web address and the API name one thing differently: on the page, `source` says where the user came
 * from (spec 1 §2.8: the sidebar's `source=sidebar`), so the data-source filter is `dataSource` here and
 * `source` only in the API's query. Only known filters are forwarded: the API answers 400 to anything else.
 */
import {
  COMPANY_SORTS,
  COMPANY_SOURCES,
  type CompanySort,
  type CompanySource,
  type RelaxableFilter,
} from '../../../shared/companies.ts';
import { distinct } from '../../lib/distinct.ts';

/** The search without one kind of its criteria (the API's `withoutFilters`). */
export const WITHOUT_FILTER: Record<RelaxableFilter, Partial<CompanySearch>> = {
  words: { q: '' },
  industry: { industry: [] },
  size: { size: [], employeesMin: null, employeesMax: null },
  place: { country: [], region: [], city: [] },
  founded: { foundedFrom: null, foundedTo: null },
  source: { dataSource: [] },
};

export const SORT_LABELS: Record<CompanySort, string> = {
  relevance: 'Best match',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  employees: 'Fewest employees',
  '-employees': 'Most employees',
  founded: 'Oldest first',
  '-founded': 'Newest first',
};

export type CompanySearch = {
  q: string;
  /** Named companies (the copilot's hand-off: `companies=[{"name":"Stripe"}]`), by exact name. */
  companies: string[];
  /** What the request is about, in the user's words ("payments software"): it orders, it does not filter. */
  about: string;
  industry: string[];
  size: string[];
  country: string[];
  region: string[];
  city: string[];
  dataSource: CompanySource[];
  foundedFrom: number | null;
  foundedTo: number | null;
  employeesMin: number | null;
  employeesMax: number | null;
  myCompanies: boolean;
  sort: CompanySort;
};

export const LIST_FILTERS = ['industry', 'size', 'country', 'region', 'city', 'dataSource'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const RANGE_FILTERS = ['foundedFrom', 'foundedTo', 'employeesMin', 'employeesMax'] as const;
export type RangeFilter = (typeof RANGE_FILTERS)[number];

/** Every parameter this page owns in the address; anything else there (`source=sidebar`) is left alone. */
const OWN_PARAMS = [
  'q',
  'companies',
  'about',
  ...LIST_FILTERS,
  ...RANGE_FILTERS,
  'myCompanies',
  'sort',
] as const;

/** The most companies a hand-off names that the table looks up. */
export const MAX_NAMED = 25;

/** `[{"name":"Stripe"},{"name":"Plaid"}]` (spec 3 §3 company context) -> the names; anything else -> none. */
function namedCompanies(json: string | null): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    const names = parsed.map((entry) =>
      typeof entry === 'object' && entry !== null && 'name' in entry && typeof entry.name === 'string'
        ? entry.name.trim()
        : '',
    );
    return distinct(names.filter((name) => name && name.length <= 200)).slice(0, MAX_NAMED);
  } catch {
    return [];
  }
}

const isSource = (value: string): value is CompanySource => Object.hasOwn(COMPANY_SOURCES, value);
const isSort = (value: string): value is CompanySort => (COMPANY_SORTS as readonly string[]).includes(value);

function wholeNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export function parseSearch(params: URLSearchParams): CompanySearch {
  const sort = params.get('sort') ?? '';
  return {
    q: params.get('q')?.trim() ?? '',
    companies: namedCompanies(params.get('companies')),
    about: params.get('about')?.trim().slice(0, 200) ?? '',
    industry: distinct(params.getAll('industry')),
    size: distinct(params.getAll('size')),
    country: distinct(params.getAll('country')),
    region: distinct(params.getAll('region')),
    city: distinct(params.getAll('city')),
    dataSource: distinct(params.getAll('dataSource')).filter(isSource),
    foundedFrom: wholeNumber(params.get('foundedFrom')),
    foundedTo: wholeNumber(params.get('foundedTo')),
    employeesMin: wholeNumber(params.get('employeesMin')),
    employeesMax: wholeNumber(params.get('employeesMax')),
    myCompanies: params.get('myCompanies') === 'true',
    sort: isSort(sort) ? sort : 'relevance',
  };
}

/** The address for a search: this page's parameters replaced, any other one (`source=sidebar`) kept. */
export function toWebParams(search: CompanySearch, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of current) {
    if (!(OWN_PARAMS as readonly string[]).includes(key)) next.append(key, value);
  }
  if (search.myCompanies) next.set('myCompanies', 'true');
  if (search.q) next.set('q', search.q);
  if (search.companies.length > 0) {
    next.set('companies', JSON.stringify(search.companies.map((name) => ({ name }))));
  }
  if (search.about) next.set('about', search.about);
  for (const key of LIST_FILTERS) for (const value of search[key]) next.append(key, value);
  for (const key of RANGE_FILTERS) {
    const value = search[key];
    if (value !== null) next.set(key, String(value));
  }
  if (search.sort !== 'relevance') next.set('sort', search.sort);
  return next;
}

/** The API's query for a search (the filters only: no sort, no page), as the facets route takes it. */
export function toFilterParams(search: CompanySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  for (const name of search.companies) params.append('name', name);
  if (search.about) params.set('about', search.about);
  for (const key of ['industry', 'size', 'country', 'region', 'city'] as const) {
    for (const value of search[key]) params.append(key, value);
  }
  for (const value of search.dataSource) params.append('source', value);
  for (const key of RANGE_FILTERS) {
    const value = search[key];
    if (value !== null) params.set(key, String(value));
  }
  if (search.myCompanies) params.set('myCompanies', 'true');
  return params;
}

/** The API's query for one page of results. */
export function toSearchParams(search: CompanySearch, limit: number): URLSearchParams {
  const params = toFilterParams(search);
  params.set('sort', search.sort);
  params.set('limit', String(limit));
  return params;
}

/** The same filters as JSON fields (the export routes' body). */
export function toFilterBody(search: CompanySearch): Record<string, unknown> {
  return {
    ...(search.q ? { q: search.q } : {}),
    name: search.companies,
    ...(search.about ? { about: search.about } : {}),
    industry: search.industry,
    size: search.size,
    country: search.country,
    region: search.region,
    city: search.city,
    source: search.dataSource,
    ...Object.fromEntries(RANGE_FILTERS.flatMap((key) => (search[key] === null ? [] : [[key, search[key]]]))),
    // The same schema as the search's query string, where booleans are words.
    ...(search.myCompanies ? { myCompanies: 'true' } : {}),
    sort: search.sort,
  };
}

/** Whether the search asks for anything (the server charges only such a search). */
export function hasCriteria(search: CompanySearch): boolean {
  return (
    search.q !== '' ||
    search.companies.length > 0 ||
    LIST_FILTERS.some((key) => search[key].length > 0) ||
    RANGE_FILTERS.some((key) => search[key] !== null)
  );
}

/** Whether any filter of the panel is set (the free text and My Companies aside). */
export function hasFilters(search: CompanySearch): boolean {
  return (
    search.companies.length > 0 ||
    LIST_FILTERS.some((key) => search[key].length > 0) ||
    RANGE_FILTERS.some((key) => search[key] !== null)
  );
}

export const withoutFilters = (search: CompanySearch): CompanySearch => ({
  ...search,
  companies: [],
  about: '',
  industry: [],
  size: [],
  country: [],
  region: [],
  city: [],
  dataSource: [],
  foundedFrom: null,
  foundedTo: null,
  employeesMin: null,
  employeesMax: null,
});

/** A research-table address for filters (the start page's suggestions, the search box). */
export function researchHref(filters: Partial<CompanySearch>): string {
  const search: CompanySearch = { ...parseSearch(new URLSearchParams()), ...filters };
  const params = toWebParams(search, new URLSearchParams()).toString();
  return `/sales-account-development/research${params ? `?${params}` : ''}`;
}
