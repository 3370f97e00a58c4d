import { describe, expect, it } from 'vitest';
import type { FilterValidationResult } from './api.ts';
import {
  removeInvalid,
  selectedValues,
  toggleValue,
  translatedPlaces,
  understoodFilters,
} from './filter-logic.ts';
import { type CompanySearch, parseSearch } from './search-params.ts';

const search = (change: Partial<CompanySearch>): CompanySearch => ({
  ...parseSearch(new URLSearchParams()),
  ...change,
});

const validation = (
  valid: Partial<FilterValidationResult['validFilters']>,
  invalidFilters: string[] = [],
): FilterValidationResult => ({
  validFilters: { industries: [], companySizes: [], countries: [], regions: [], cities: [], ...valid },
  invalidFilters,
  suggestions: [],
});

// "finance" became three stored industries; "holland" a country; "munich", typed as a region, a city.
const typed = search({ industry: ['finance'], country: ['holland'], region: ['munich'], dataSource: ['yc'] });
const understood = validation({
  industries: ['Banking', 'Insurance', 'Investment Management'],
  countries: ['Netherlands'],
  cities: ['Munich'],
});

describe('selectedValues', () => {
  it("shows what the server understood, or the address's words until it answers", () => {
    expect(selectedValues('industry', typed, understood)).toEqual([
      'Banking',
      'Insurance',
      'Investment Management',
    ]);
    expect(selectedValues('region', typed, understood)).toEqual([]);
    expect(selectedValues('city', typed, understood)).toEqual(['Munich']);
    expect(selectedValues('industry', typed, null)).toEqual(['finance']);
    expect(selectedValues('dataSource', typed, understood)).toEqual(['yc']);
  });
});

describe('toggleValue', () => {
  it('adds a ticked value once, whatever its case', () => {
    expect(toggleValue(typed, 'industry', 'Software', true, understood)).toEqual({
      industry: ['finance', 'Software'],
    });
    expect(toggleValue(typed, 'industry', 'FINANCE', true, understood)).toEqual({ industry: ['finance'] });
    expect(toggleValue(typed, 'dataSource', 'sec', true, null)).toEqual({ dataSource: ['yc', 'sec'] });
  });

  it("takes out a value the address holds as it is, and leaves the user's other words", () => {
    const own = search({ industry: ['Software', 'finance'] });
    expect(toggleValue(own, 'industry', 'software', false, understood)).toEqual({ industry: ['finance'] });
    expect(toggleValue(typed, 'dataSource', 'yc', false, understood)).toEqual({ dataSource: [] });
  });

  it('unticking one value a word became keeps the rest of what the word meant', () => {
    expect(toggleValue(typed, 'industry', 'Insurance', false, understood)).toEqual({
      industry: ['Banking', 'Investment Management'],
    });
  });

  it('for a place, writes every place kind as the server understood them', () => {
    // "munich" was a region in the address and is a city: the address must say so, or it comes back.
    expect(toggleValue(typed, 'country', 'Netherlands', false, understood)).toEqual({
      country: [],
      region: [],
      city: ['Munich'],
    });
  });

  it('before the server has answered, works on the words of the address', () => {
    expect(toggleValue(typed, 'industry', 'Banking', false, null)).toEqual({ industry: ['finance'] });
  });
});

describe('removeInvalid', () => {
  const listed = search({
    industry: ['underwater basket weaving', 'Software'],
    size: ['huge'],
    country: ['usa, narnia'],
    region: ['Narnia'],
    city: ['Paris'],
  });

  it('takes the value out of its kind only, as a word or as a part of a list', () => {
    expect(removeInvalid(listed, 'industry: underwater basket weaving')).toEqual({ industry: ['Software'] });
    expect(removeInvalid(listed, 'Size:huge')).toEqual({ size: [] });
  });

  it('takes a place out of every place kind (the server cannot say which one it was typed in)', () => {
    const expected = { country: ['usa'], region: [], city: ['Paris'] };
    expect(removeInvalid(listed, 'region: narnia')).toEqual(expected);
    expect(removeInvalid(listed, 'country: Narnia')).toEqual(expected);
    expect(removeInvalid(listed, 'narnia')).toEqual(expected);
  });
});

describe('understoodFilters and translatedPlaces', () => {
  it('lists each understood kind with the words that became its values', () => {
    expect(understoodFilters(typed, understood)).toEqual([
      { kind: 'industry', words: ['finance'], values: ['Banking', 'Insurance', 'Investment Management'] },
      { kind: 'country', words: [], values: ['Netherlands'] },
      { kind: 'city', words: [], values: ['Munich'] },
    ]);
  });

  it('does not repeat a word that is a stored value verbatim', () => {
    const exact = search({ industry: ['banking'] });
    expect(understoodFilters(exact, validation({ industries: ['Banking'] }))).toEqual([
      { kind: 'industry', words: [], values: ['Banking'] },
    ]);
    expect(understoodFilters(exact, validation({}))).toEqual([]);
  });

  it('names the place words that were translated, not the exact or the invalid ones', () => {
    const places = search({ country: ['holland', 'france'], region: ['narnia'], city: ['munich'] });
    const result = validation({ countries: ['Netherlands', 'France'], cities: ['Munich'] }, [
      'region: Narnia',
    ]);
    expect(translatedPlaces(places, result)).toEqual(['holland']);
  });
});
