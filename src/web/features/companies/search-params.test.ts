import { describe, expect, it } from 'vitest';
import {
  type CompanySearch,
  hasCriteria,
  hasFilters,
  MAX_NAMED,
  parseSearch,
  researchHref,
  toFilterBody,
  toFilterParams,
  toSearchParams,
  toWebParams,
  WITHOUT_FILTER,
  withoutFilters,
} from './search-params.ts';

const EMPTY = parseSearch(new URLSearchParams());
const search = (change: Partial<CompanySearch>): CompanySearch => ({ ...EMPTY, ...change });
const parse = (query: string) => parseSearch(new URLSearchParams(query));

describe('parseSearch', () => {
  it('reads an empty address as the empty search', () => {
    expect(EMPTY).toEqual({
      q: '',
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
      myCompanies: false,
      sort: 'relevance',
    });
  });

  it("reads the user's words as typed, trimmed and without repeats", () => {
    const read = parse(
      'q=%20payments%20&industry=Fintech&industry=fintech&industry=%20&country=Deutschland&city=S%C3%A3o+Paulo',
    );
    expect(read).toMatchObject({
      q: 'payments',
      industry: ['Fintech'],
      country: ['Deutschland'],
      city: ['São Paulo'],
    });
  });

  it('keeps only the data sources, sorts and flags it knows', () => {
    const read = parse(
      'dataSource=yc&dataSource=crunchbase&dataSource=constructor&sort=random&myCompanies=yes',
    );
    expect(read.dataSource).toEqual(['yc']);
    expect(read.sort).toBe('relevance');
    expect(read.myCompanies).toBe(false);
    expect(parse('sort=-employees&myCompanies=true')).toMatchObject({
      sort: '-employees',
      myCompanies: true,
    });
  });

  it('takes whole, non-negative numbers for the ranges and drops anything else', () => {
    const table: [string, number | null][] = [
      ['1999', 1999],
      ['0', 0],
      [' 50 ', 50],
      ['', null],
      ['  ', null],
      ['12.5', null],
      ['-10', null],
      ['ten', null],
      ['Infinity', null],
    ];
    for (const [value, expected] of table) {
      expect(parse(`employeesMin=${encodeURIComponent(value)}`).employeesMin, value).toBe(expected);
    }
  });

  it("reads the copilot's named companies: names only, trimmed, distinct, sensible and at most 25", () => {
    const names = (json: string) => parse(`companies=${encodeURIComponent(json)}`).companies;
    expect(
      names('[{"name":" Stripe "},{"name":"stripe"},{"name":"Plaid"},{"domain":"x.com"},{"name":7},null]'),
    ).toEqual(['Stripe', 'Plaid']);
    expect(names(JSON.stringify([{ name: 'A'.repeat(201) }, { name: 'B' }]))).toEqual(['B']);
    const many = Array.from({ length: 40 }, (_, i) => ({ name: `Company ${i}` }));
    expect(names(JSON.stringify(many))).toHaveLength(MAX_NAMED);
    for (const broken of ['not json', '{"name":"Stripe"}', '"Stripe"', '['])
      expect(names(broken), broken).toEqual([]);
  });

  it('keeps at most 200 characters of what the request is about', () => {
    expect(parse(`about=${'x'.repeat(300)}`).about).toHaveLength(200);
  });
});

describe('toWebParams', () => {
  const full = search({
    q: 'payments',
    companies: ['Stripe', 'Adyen N.V.'],
    about: 'payments software',
    industry: ['Fintech', 'Banking & Finance'],
    size: ['51-200'],
    country: ['Germany'],
    region: ['Bavaria'],
    city: ['München'],
    dataSource: ['yc', 'sec'],
    foundedFrom: 2010,
    foundedTo: 2020,
    employeesMin: 0,
    employeesMax: 500,
    myCompanies: true,
    sort: '-founded',
  });

  it('round-trips every field through the address', () => {
    expect(parseSearch(toWebParams(full, new URLSearchParams()))).toEqual(full);
    expect(parseSearch(toWebParams(EMPTY, new URLSearchParams()))).toEqual(EMPTY);
  });

  it("writes nothing for the defaults, and keeps parameters that are not the page's own", () => {
    const current = new URLSearchParams('source=sidebar&q=old&industry=Old&sort=name&utm_campaign=x');
    expect(toWebParams(EMPTY, current).toString()).toBe('source=sidebar&utm_campaign=x');
    const written = toWebParams(search({ q: 'new', foundedFrom: 0 }), current);
    expect([...written]).toEqual([
      ['source', 'sidebar'],
      ['utm_campaign', 'x'],
      ['q', 'new'],
      ['foundedFrom', '0'],
    ]);
  });
});

describe("the API's query and export body", () => {
  const asked = search({
    q: 'ai',
    companies: ['Stripe'],
    industry: ['Software'],
    dataSource: ['sp500'],
    employeesMax: 1000,
    myCompanies: true,
    sort: 'name',
  });

  it('names the data source `source` and the named companies `name`, and leaves the page out', () => {
    expect([...toFilterParams(asked)]).toEqual([
      ['q', 'ai'],
      ['name', 'Stripe'],
      ['industry', 'Software'],
      ['source', 'sp500'],
      ['employeesMax', '1000'],
      ['myCompanies', 'true'],
    ]);
    const page = toSearchParams(asked, 50);
    expect(page.get('sort')).toBe('name');
    expect(page.get('limit')).toBe('50');
    expect(toSearchParams(EMPTY, 25).toString()).toBe('sort=relevance&limit=25');
  });

  it('sends the same filters as a JSON body, booleans as the words the query schema takes', () => {
    expect(toFilterBody(asked)).toEqual({
      q: 'ai',
      name: ['Stripe'],
      industry: ['Software'],
      size: [],
      country: [],
      region: [],
      city: [],
      source: ['sp500'],
      employeesMax: 1000,
      myCompanies: 'true',
      sort: 'name',
    });
    expect(toFilterBody(search({ foundedFrom: 0 }))).toMatchObject({ foundedFrom: 0 });
    expect(toFilterBody(EMPTY)).not.toHaveProperty('q');
  });
});

describe('what a search asks for', () => {
  it('tells criteria (charged) from filters (the panel) from an empty search', () => {
    const table: [Partial<CompanySearch>, boolean, boolean][] = [
      [{}, false, false],
      [{ q: 'ai' }, true, false],
      [{ about: 'payments software' }, false, false],
      [{ myCompanies: true }, false, false],
      [{ sort: 'name' }, false, false],
      [{ companies: ['Stripe'] }, true, true],
      [{ city: ['Paris'] }, true, true],
      [{ dataSource: ['yc'] }, true, true],
      [{ foundedTo: 0 }, true, true],
    ];
    for (const [change, criteria, filters] of table) {
      expect([hasCriteria(search(change)), hasFilters(search(change))], JSON.stringify(change)).toEqual([
        criteria,
        filters,
      ]);
    }
  });

  it('clears the filters but keeps the words, My Companies and the sort', () => {
    const busy = search({
      q: 'ai',
      about: 'x',
      industry: ['A'],
      foundedFrom: 1,
      myCompanies: true,
      sort: 'name',
    });
    expect(withoutFilters(busy)).toEqual(search({ q: 'ai', myCompanies: true, sort: 'name' }));
  });

  it('has a search without each kind of criteria that the server can relax', () => {
    const busy = search({
      q: 'ai',
      industry: ['A'],
      size: ['1-10'],
      employeesMin: 5,
      country: ['FR'],
      city: ['Paris'],
      foundedFrom: 2000,
      dataSource: ['yc'],
    });
    const relaxed = (kind: keyof typeof WITHOUT_FILTER) => search({ ...busy, ...WITHOUT_FILTER[kind] });
    expect(relaxed('words').q).toBe('');
    expect(relaxed('size')).toMatchObject({ size: [], employeesMin: null, industry: ['A'] });
    expect(relaxed('place')).toMatchObject({ country: [], city: [], size: ['1-10'] });
    expect(relaxed('founded').foundedFrom).toBeNull();
    expect(hasFilters(search({ ...EMPTY, ...WITHOUT_FILTER.source }))).toBe(false);
  });
});

describe('researchHref', () => {
  it('links to the research table with just the given filters', () => {
    expect(researchHref({})).toBe('/sales-account-development/research');
    expect(researchHref({ industry: ['Health Care'], country: ['United States'] })).toBe(
      '/sales-account-development/research?industry=Health+Care&country=United+States',
    );
    const href = researchHref({ companies: ['AT&T', 'Ben & Jerry’s'], q: 'a=b&c' });
    expect(parseSearch(new URL(href, 'http://x').searchParams)).toEqual(
      search({ companies: ['AT&T', 'Ben & Jerry’s'], q: 'a=b&c' }),
    );
  });
});
