/**
 * The people research table's state lives in the address (shareable; back and forward work). This file turns
 * the web address into a search, a search into the API's query, and back. Only known filters are forwarded:
 * the API answers 400 to anything else.
 */
import {
  DEPARTMENTS,
  type Department,
  PEOPLE_SORTS,
  type PeopleSort,
  SENIORITIES,
  type Seniority,
} from '../../../shared/people.ts';

import { isUuid } from '../../../shared/uuid.ts';
import { distinct } from '../../lib/distinct.ts';

export const SORT_LABELS: Record<PeopleSort, string> = {
  relevance: 'Best match',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
};

/** The ranks that make someone a key person (the Key people page, the company page's card). */
export const KEY_SENIORITIES: readonly Seniority[] = [
  'owner',
  'founder',
  'c_suite',
  'partner',
  'vp',
  'head',
  'director',
];

export type PeopleSearch = {
  /** Words of a name. */
  q: string;
  /** A job title in any spelling. */
  title: string;
  seniority: Seniority[];
  department: Department[];
  /** Company names or domains, as typed. */
  company: string[];
  /** One company (its page's "see all"): free, like My People. */
  companyId: string | null;
  /** The company's industry, size band and place, in the user's words (the server validates them). */
  industry: string[];
  size: string[];
  region: string[];
  /** Where the person is. */
  location: string[];
  myPeople: boolean;
  sort: PeopleSort;
};

const LIST_FILTERS = [
  'seniority',
  'department',
  'company',
  'industry',
  'size',
  'region',
  'location',
] as const;

/** Every parameter this page owns in the address; anything else there is left alone. */
const OWN_PARAMS = ['q', 'title', 'companyId', ...LIST_FILTERS, 'myPeople', 'sort'] as const;

const isSort = (value: string): value is PeopleSort => (PEOPLE_SORTS as readonly string[]).includes(value);
const isSeniority = (value: string): value is Seniority => (SENIORITIES as readonly string[]).includes(value);
const isDepartment = (value: string): value is Department =>
  (DEPARTMENTS as readonly string[]).includes(value);

export function parseSearch(params: URLSearchParams): PeopleSearch {
  const sort = params.get('sort') ?? '';
  const companyId = params.get('companyId')?.trim() ?? '';
  return {
    q: params.get('q')?.trim() ?? '',
    title: params.get('title')?.trim() ?? '',
    seniority: distinct(params.getAll('seniority')).filter(isSeniority),
    department: distinct(params.getAll('department')).filter(isDepartment),
    company: distinct(params.getAll('company')),
    companyId: isUuid(companyId) ? companyId : null,
    industry: distinct(params.getAll('industry')),
    size: distinct(params.getAll('size')),
    region: distinct(params.getAll('region')),
    location: distinct(params.getAll('location')),
    myPeople: params.get('myPeople') === 'true',
    sort: isSort(sort) ? sort : 'relevance',
  };
}

/** The address for a search: this page's parameters replaced, any other one kept. */
export function toWebParams(search: PeopleSearch, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of current) {
    if (!(OWN_PARAMS as readonly string[]).includes(key)) next.append(key, value);
  }
  if (search.myPeople) next.set('myPeople', 'true');
  if (search.title) next.set('title', search.title);
  if (search.q) next.set('q', search.q);
  if (search.companyId) next.set('companyId', search.companyId);
  for (const key of LIST_FILTERS) for (const value of search[key]) next.append(key, value);
  if (search.sort !== 'relevance') next.set('sort', search.sort);
  return next;
}

/** The API's query for a search (the filters only: no sort, no page), as the facets route takes it. */
export function toFilterParams(search: PeopleSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.title) params.set('title', search.title);
  if (search.companyId) params.set('companyId', search.companyId);
  for (const key of LIST_FILTERS) for (const value of search[key]) params.append(key, value);
  if (search.myPeople) params.set('myPeople', 'true');
  return params;
}

/** The search as an export's JSON body (the same schema as the query string, where booleans are words). */
export function toFilterBody(search: PeopleSearch): Record<string, unknown> {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.title ? { title: search.title } : {}),
    ...(search.companyId ? { companyId: search.companyId } : {}),
    ...Object.fromEntries(LIST_FILTERS.map((key) => [key, search[key]])),
    ...(search.myPeople ? { myPeople: 'true' } : {}),
    sort: search.sort,
  };
}

/** The API's query for one page of results. */
export function toSearchParams(search: PeopleSearch, limit: number): URLSearchParams {
  const params = toFilterParams(search);
  params.set('sort', search.sort);
  params.set('limit', String(limit));
  return params;
}

/** Whether any filter of the panel is set (the search box and My People aside). */
export function hasFilters(search: PeopleSearch): boolean {
  return search.companyId !== null || LIST_FILTERS.some((key) => search[key].length > 0);
}

/** Whether the search asks for anything. */
export const hasCriteria = (search: PeopleSearch): boolean =>
  search.q !== '' || search.title !== '' || hasFilters(search);

/**
 * Whether the server charges this search (when it finds someone): one with criteria, unless it is over the
 * user's own accounts (My People, one company).
 */
export const isPaidSearch = (search: PeopleSearch): boolean =>
  hasCriteria(search) && !search.myPeople && search.companyId === null;

export const withoutFilters = (search: PeopleSearch): PeopleSearch => ({
  ...search,
  seniority: [],
  department: [],
  company: [],
  companyId: null,
  industry: [],
  size: [],
  region: [],
  location: [],
});

export const EMPTY_SEARCH: PeopleSearch = parseSearch(new URLSearchParams());

export const PEOPLE_FINDER_PATH = '/people-finder-master';
export const PEOPLE_RESEARCH_PATH = '/people-finder-master/research';

/** A research-table address for filters (the start page's suggestions, the company page's "see all"). */
export function researchHref(filters: Partial<PeopleSearch>): string {
  const params = toWebParams({ ...EMPTY_SEARCH, ...filters }, new URLSearchParams()).toString();
  return `${PEOPLE_RESEARCH_PATH}${params ? `?${params}` : ''}`;
}
