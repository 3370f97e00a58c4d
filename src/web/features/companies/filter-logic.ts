/**
 * Filters as the user sees them. The address keeps the user's words ("fintech", "holland"); the server says
 * which stored values they became (filterValidation, spec 3 §5). The panel and the chips show the stored
 * values, and a change made through them writes stored values back.
 */
import type { CompanySource } from '../../../shared/companies.ts';
import { distinct } from '../../lib/distinct.ts';
import { sameText, withoutValue } from '../../lib/filter-words.ts';
import type { FilterValidationResult } from './api.ts';
import type { CompanySearch } from './search-params.ts';

export type FilterKind = 'industry' | 'size' | 'country' | 'region' | 'city' | 'dataSource';

/** Where each kind's stored values are reported in validFilters. */
const VALID_FIELD = {
  industry: 'industries',
  size: 'companySizes',
  country: 'countries',
  region: 'regions',
  city: 'cities',
} as const;

const LOCATION_KINDS = ['country', 'region', 'city'] as const;
const isLocation = (kind: FilterKind): kind is (typeof LOCATION_KINDS)[number] =>
  (LOCATION_KINDS as readonly string[]).includes(kind);

/** The stored values a kind stands for now: what the server understood, or the address until it answers. */
export function selectedValues(
  kind: FilterKind,
  search: CompanySearch,
  validation: FilterValidationResult | null,
): string[] {
  if (kind === 'dataSource') return search.dataSource;
  return validation ? validation.validFilters[VALID_FIELD[kind]] : search[kind];
}

/** Replaces the user's words of a kind (of every place kind, for a place) by the stored values they became. */
function normalised(search: CompanySearch, kind: FilterKind, validation: FilterValidationResult | null) {
  if (kind === 'dataSource') return { dataSource: search.dataSource };
  if (!validation) return { [kind]: search[kind] } as Partial<CompanySearch>;
  if (isLocation(kind)) {
    return {
      country: [...validation.validFilters.countries],
      region: [...validation.validFilters.regions],
      city: [...validation.validFilters.cities],
    };
  }
  return { [kind]: [...validation.validFilters[VALID_FIELD[kind]]] } as Partial<CompanySearch>;
}

/** Ticks or unticks a stored value (a facet checkbox, a chip's remove button). */
export function toggleValue(
  search: CompanySearch,
  kind: FilterKind,
  value: string,
  checked: boolean,
  validation: FilterValidationResult | null,
): Partial<CompanySearch> {
  if (kind === 'dataSource') {
    const next = checked
      ? distinct([...search.dataSource, value])
      : search.dataSource.filter((source) => source !== value);
    return { dataSource: next as CompanySource[] };
  }
  if (checked) return { [kind]: distinct([...search[kind], value]) };
  // The address has the value itself: take it out and leave the user's other words as they are.
  if (search[kind].some((word) => sameText(word, value))) {
    return { [kind]: search[kind].filter((word) => !sameText(word, value)) };
  }
  // The value came from a word ("finance" -> four industries): keep what that word meant, less this value.
  const next = normalised(search, kind, validation);
  const field = next[kind] as string[] | undefined;
  return { ...next, [kind]: (field ?? []).filter((word) => !sameText(word, value)) };
}

/**
 * Takes out a filter the server could not match ("industry: underwater basket weaving"), whether it was a
 * value of its own or one part of a list ("usa, narnia").
 */
export function removeInvalid(search: CompanySearch, invalid: string): Partial<CompanySearch> {
  const colon = invalid.indexOf(':');
  const name = colon < 0 ? '' : invalid.slice(0, colon).trim().toLowerCase();
  const value = (colon < 0 ? invalid : invalid.slice(colon + 1)).trim();
  const kinds: readonly ('industry' | 'size' | 'country' | 'region' | 'city')[] =
    name === 'industry' ? ['industry'] : name === 'size' ? ['size'] : ['country', 'region', 'city'];
  const change: Partial<CompanySearch> = {};
  for (const kind of kinds) {
    change[kind] = withoutValue(search[kind], value);
  }
  return change;
}

/** For the chips: each kind with the user's words and the stored values they became. */
export type UnderstoodFilter = { kind: Exclude<FilterKind, 'dataSource'>; words: string[]; values: string[] };

const CHIP_KINDS = ['industry', 'size', 'country', 'region', 'city'] as const;

export function understoodFilters(
  search: CompanySearch,
  validation: FilterValidationResult,
): UnderstoodFilter[] {
  const locationWords = [...search.country, ...search.region, ...search.city];
  return CHIP_KINDS.flatMap((kind) => {
    const values = validation.validFilters[VALID_FIELD[kind]];
    if (values.length === 0) return [];
    // A place word may land in another place column ("munich" typed as a region is a city).
    const words = isLocation(kind) ? locationWords : search[kind];
    const typed = words.filter((word) => !values.some((value) => sameText(value, word)));
    return [{ kind, words: isLocation(kind) ? [] : typed, values }];
  });
}

/** The user's place words that did not turn out to be stored values verbatim ("holland"). */
export function translatedPlaces(search: CompanySearch, validation: FilterValidationResult): string[] {
  const stored = [
    ...validation.validFilters.countries,
    ...validation.validFilters.regions,
    ...validation.validFilters.cities,
  ];
  const invalid = validation.invalidFilters.map((text) => text.slice(text.indexOf(':') + 1).trim());
  return [...search.country, ...search.region, ...search.city].filter(
    (word) => !stored.some((value) => sameText(value, word)) && !invalid.some((bad) => sameText(bad, word)),
  );
}
