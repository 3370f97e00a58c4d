import { describe, expect, it } from 'vitest';
import {
  EMPTY_SEARCH,
  hasCriteria,
  hasFilters,
  isPaidSearch,
  type PeopleSearch,
  parseSearch,
  researchHref,
  toFilterBody,
  toFilterParams,
  toSearchParams,
  toWebParams,
  withoutFilters,
} from './search-params.ts';

const COMPANY_ID = '3f2a9c1e-7b4d-4e8a-9c0b-1d2e3f4a5b6c';
const search = (change: Partial<PeopleSearch>): PeopleSearch => ({ ...EMPTY_SEARCH, ...change });
const parse = (query: string) => parseSearch(new URLSearchParams(query));

describe('parseSearch', () => {
  it('keeps only the seniorities, departments and sorts it knows, without repeats', () => {
    const read = parse(
      'seniority=vp&seniority=vp&seniority=VP&seniority=overlord&department=sales&department=astrology&sort=-name',
    );
    expect(read.seniority).toEqual(['vp']);
    expect(read.department).toEqual(['sales']);
    expect(read.sort).toBe('-name');
    expect(parse('sort=name%20').sort).toBe('relevance');
  });

  it('takes a company id only when it is one', () => {
    expect(parse(`companyId=${COMPANY_ID}`).companyId).toBe(COMPANY_ID);
    expect(parse(`companyId=%20${COMPANY_ID}%20`).companyId).toBe(COMPANY_ID);
    for (const bad of ['', 'stripe', '1', `${COMPANY_ID}x`, "' or 1=1 --"]) {
      expect(parse(`companyId=${encodeURIComponent(bad)}`).companyId, bad).toBeNull();
    }
  });

  it('reads the words as typed, trimmed, in any script', () => {
    expect(
      parse('q=%20Ana%20Mar%C3%ADa%20&title=%20Head+of+Sales&location=%E6%9D%B1%E4%BA%AC&company=stripe.com'),
    ).toMatchObject({
      q: 'Ana María',
      title: 'Head of Sales',
      location: ['東京'],
      company: ['stripe.com'],
    });
  });
});

describe('toWebParams and the API', () => {
  const full = search({
    q: 'ana',
    title: 'CTO',
    seniority: ['c_suite', 'vp'],
    department: ['engineering'],
    company: ['Stripe', 'plaid.com'],
    companyId: COMPANY_ID,
    industry: ['Fintech'],
    size: ['51-200'],
    region: ['Bavaria'],
    location: ['Berlin'],
    myPeople: true,
    sort: 'name',
  });

  it('round-trips every field through the address and keeps the parameters of others', () => {
    expect(parseSearch(toWebParams(full, new URLSearchParams()))).toEqual(full);
    const written = toWebParams(
      search({ q: 'ana' }),
      new URLSearchParams('source=sidebar&q=old&seniority=vp'),
    );
    expect(written.toString()).toBe('source=sidebar&q=ana');
  });

  it('sends the filters to the API with the sort and page size only on a page of results', () => {
    const filters = toFilterParams(full);
    expect(filters.has('sort')).toBe(false);
    expect(filters.getAll('seniority')).toEqual(['c_suite', 'vp']);
    expect(filters.get('myPeople')).toBe('true');
    const page = toSearchParams(full, 50);
    expect([page.get('sort'), page.get('limit')]).toEqual(['name', '50']);
  });

  it('sends every list in the export body, and the flag as a word', () => {
    expect(toFilterBody(search({ title: 'CTO', myPeople: true }))).toEqual({
      title: 'CTO',
      seniority: [],
      department: [],
      company: [],
      industry: [],
      size: [],
      region: [],
      location: [],
      myPeople: 'true',
      sort: 'relevance',
    });
  });
});

describe('what a search asks for and costs', () => {
  it('charges a search with criteria unless it is over the user’s own accounts', () => {
    const table: [Partial<PeopleSearch>, { criteria: boolean; filters: boolean; paid: boolean }][] = [
      [{}, { criteria: false, filters: false, paid: false }],
      [{ q: 'ana' }, { criteria: true, filters: false, paid: true }],
      [{ title: 'CTO' }, { criteria: true, filters: false, paid: true }],
      [{ seniority: ['vp'] }, { criteria: true, filters: true, paid: true }],
      [
        { title: 'CTO', myPeople: true },
        { criteria: true, filters: false, paid: false },
      ],
      [{ companyId: COMPANY_ID }, { criteria: true, filters: true, paid: false }],
      [{ myPeople: true }, { criteria: false, filters: false, paid: false }],
      [{ sort: 'name' }, { criteria: false, filters: false, paid: false }],
    ];
    for (const [change, expected] of table) {
      const s = search(change);
      expect(
        { criteria: hasCriteria(s), filters: hasFilters(s), paid: isPaidSearch(s) },
        JSON.stringify(change),
      ).toEqual(expected);
    }
  });

  it('clears the filters but keeps the name, title, My People and sort', () => {
    const busy = search({
      q: 'ana',
      title: 'CTO',
      seniority: ['vp'],
      companyId: COMPANY_ID,
      myPeople: true,
      sort: 'name',
    });
    expect(withoutFilters(busy)).toEqual(search({ q: 'ana', title: 'CTO', myPeople: true, sort: 'name' }));
  });

  it('links to the research table (a company page\'s "see all")', () => {
    expect(researchHref({})).toBe('/people-finder-master/research');
    expect(researchHref({ companyId: COMPANY_ID, seniority: ['vp', 'director'] })).toBe(
      `/people-finder-master/research?companyId=${COMPANY_ID}&seniority=vp&seniority=director`,
    );
  });
});
