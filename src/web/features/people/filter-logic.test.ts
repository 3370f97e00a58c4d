import { describe, expect, it } from 'vitest';
import type { PeopleFilterValidation } from './api.ts';
import { removeInvalid, selectedValues, toggleValue, understoodFilters } from './filter-logic.ts';
import { EMPTY_SEARCH, type PeopleSearch } from './search-params.ts';

const search = (change: Partial<PeopleSearch>): PeopleSearch => ({ ...EMPTY_SEARCH, ...change });

const validation = (
  valid: Partial<PeopleFilterValidation['validFilters']>,
  invalidFilters: string[] = [],
): PeopleFilterValidation => ({
  validFilters: {
    industries: [],
    companySizes: [],
    countries: [],
    regions: [],
    cities: [],
    locations: [],
    ...valid,
  },
  invalidFilters,
  suggestions: [],
});

// The company's place "usa, narnia" became United States (narnia is unknown); the person's "nyc" New York.
const typed = search({ industry: ['finance'], region: ['usa, narnia'], location: ['nyc'] });
const understood = validation(
  {
    industries: ['Banking', 'Insurance'],
    countries: ['United States'],
    regions: ['California'],
    locations: ['New York'],
  },
  ['region: narnia'],
);

describe('selectedValues and toggleValue', () => {
  it('shows every place kind the server understood as the company place', () => {
    expect(selectedValues('region', typed, understood)).toEqual(['United States', 'California']);
    expect(selectedValues('location', typed, understood)).toEqual(['New York']);
    expect(selectedValues('size', typed, null)).toEqual([]);
  });

  it("unticks a value a word became and keeps the rest of the word's meaning", () => {
    expect(toggleValue(typed, 'industry', 'insurance', false, understood)).toEqual({ industry: ['Banking'] });
    expect(toggleValue(typed, 'location', 'New York', false, understood)).toEqual({ location: [] });
  });

  it('ticks a value once and unticks a word of the address as it is', () => {
    expect(toggleValue(typed, 'industry', 'Finance', true, understood)).toEqual({ industry: ['finance'] });
    expect(toggleValue(typed, 'location', 'NYC', false, understood)).toEqual({ location: [] });
  });
});

describe('removeInvalid', () => {
  it("takes a place out of the company's and the person's place alike", () => {
    const both = search({ region: ['usa, narnia'], location: ['Narnia', 'Paris'], industry: ['narnia'] });
    expect(removeInvalid(both, 'region: narnia')).toEqual({ region: ['usa'], location: ['Paris'] });
    expect(removeInvalid(both, 'industry:Narnia')).toEqual({ industry: [] });
  });
});

describe('understoodFilters', () => {
  it('shows the translated words of each kind, not the exact or the invalid ones', () => {
    expect(understoodFilters(typed, understood)).toEqual([
      { kind: 'industry', words: ['finance'], values: ['Banking', 'Insurance'] },
      { kind: 'region', words: ['usa, narnia'], values: ['United States', 'California'] },
      { kind: 'location', words: ['nyc'], values: ['New York'] },
    ]);
    const exact = search({ location: ['new york'], region: ['Narnia'] });
    expect(understoodFilters(exact, validation({ locations: ['New York'] }, ['region: narnia']))).toEqual([
      { kind: 'location', words: [], values: ['New York'] },
    ]);
  });
});
