/**
 * People filters as the user sees them. The address keeps the user's words ("fintech", "usa"); the server says
 * which stored values they became (filterValidation, spec 3 §5). The panel and the chips show the stored
 * values, and a change made through them writes stored values back.
 */
import { distinct } from '../../lib/distinct.ts';
import { sameText, withoutValue } from '../../lib/filter-words.ts';
import type { PeopleFilterValidation } from './api.ts';
import type { PeopleSearch } from './search-params.ts';

/** The filters whose words the server validates: the company's industry, size and place, the person's place. */
export type ValidatedKind = 'industry' | 'size' | 'region' | 'location';

/** The stored values a kind stands for now: what the server understood, or the address until it answers. */
export function selectedValues(
  kind: ValidatedKind,
  search: PeopleSearch,
  validation: PeopleFilterValidation | null,
): string[] {
  if (!validation) return search[kind];
  const valid = validation.validFilters;
  switch (kind) {
    case 'industry':
      return valid.industries;
    case 'size':
      return valid.companySizes;
    case 'region':
      return [...valid.countries, ...valid.regions, ...valid.cities];
    case 'location':
      return valid.locations;
  }
}

/** Ticks or unticks a stored value (a facet checkbox, a chip's remove button). */
export function toggleValue(
  search: PeopleSearch,
  kind: ValidatedKind,
  value: string,
  checked: boolean,
  validation: PeopleFilterValidation | null,
): Partial<PeopleSearch> {
  if (checked) return { [kind]: distinct([...search[kind], value]) };
  // The address has the value itself: take it out and leave the user's other words as they are.
  if (search[kind].some((word) => sameText(word, value))) {
    return { [kind]: search[kind].filter((word) => !sameText(word, value)) };
  }
  // The value came from a word ("finance" -> four industries): keep what that word meant, less this value.
  return { [kind]: selectedValues(kind, search, validation).filter((word) => !sameText(word, value)) };
}

/**
 * Takes out a filter the server could not match ("industry: underwater basket weaving", "region: narnia"),
 * whether it was a value of its own or one part of a list ("usa, narnia"). A place could be the company's or
 * the person's: it is taken out of both.
 */
export function removeInvalid(search: PeopleSearch, invalid: string): Partial<PeopleSearch> {
  const colon = invalid.indexOf(':');
  const name = colon < 0 ? '' : invalid.slice(0, colon).trim().toLowerCase();
  const value = (colon < 0 ? invalid : invalid.slice(colon + 1)).trim();
  const kinds: readonly ValidatedKind[] =
    name === 'industry' ? ['industry'] : name === 'size' ? ['size'] : ['region', 'location'];
  const change: Partial<PeopleSearch> = {};
  for (const kind of kinds) {
    change[kind] = withoutValue(search[kind], value);
  }
  return change;
}

/** For the chips: each validated kind with the user's words that were translated and the stored values. */
export type UnderstoodFilter = { kind: ValidatedKind; words: string[]; values: string[] };

export function understoodFilters(
  search: PeopleSearch,
  validation: PeopleFilterValidation,
): UnderstoodFilter[] {
  const invalid = validation.invalidFilters.map((text) => text.slice(text.indexOf(':') + 1).trim());
  return (['industry', 'size', 'region', 'location'] as const).flatMap((kind) => {
    const values = selectedValues(kind, search, validation);
    if (values.length === 0) return [];
    const words = search[kind].filter(
      (word) => !values.some((value) => sameText(value, word)) && !invalid.some((bad) => sameText(bad, word)),
    );
    return [{ kind, words, values }];
  });
}
