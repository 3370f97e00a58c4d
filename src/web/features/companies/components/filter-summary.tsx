import { FilterChip, FilterGroup, FilterSuggestions } from '../../../components/filter-chips.tsx';
import type { FilterValidationResult } from '../api.ts';
import { removeInvalid, toggleValue, translatedPlaces, understoodFilters } from '../filter-logic.ts';
import { sourceLabel } from '../format.ts';
import type { CompanySearch } from '../search-params.ts';

const KIND_LABELS = {
  industry: 'Industry',
  size: 'Size',
  country: 'Country',
  region: 'Region',
  city: 'City',
} as const;

type Props = {
  search: CompanySearch;
  validation: FilterValidationResult;
  onChange: (change: Partial<CompanySearch>) => void;
};

/**
 * What the filters were understood as (spec 3 §5: the stored value replaces the user's word, so "fintech"
 * shows as Fintech), and the spec's suggestion for each filter that matched nothing.
 */
export function FilterSummary({ search, validation, onChange }: Props) {
  const understood = understoodFilters(search, validation);
  const places = translatedPlaces(search, validation);
  const ranges = [
    search.foundedFrom !== null || search.foundedTo !== null
      ? {
          label: `Founded ${search.foundedFrom ?? '…'}–${search.foundedTo ?? '…'}`,
          clear: { foundedFrom: null, foundedTo: null },
        }
      : null,
    search.employeesMin !== null || search.employeesMax !== null
      ? {
          label: `${search.employeesMin ?? 0}–${search.employeesMax ?? '…'} employees`,
          clear: { employeesMin: null, employeesMax: null },
        }
      : null,
  ].filter((range) => range !== null);
  // The request's words order the table only under "Best match" without free text (see the search API).
  const rankedBy = search.about && search.sort === 'relevance' && !search.q ? search.about : '';
  const nothing =
    !rankedBy &&
    search.companies.length === 0 &&
    understood.length === 0 &&
    ranges.length === 0 &&
    search.dataSource.length === 0 &&
    validation.suggestions.length === 0;
  if (nothing) return null;

  return (
    <div className="flex flex-col gap-3" data-filter-summary>
      {(rankedBy ||
        search.companies.length > 0 ||
        understood.length > 0 ||
        ranges.length > 0 ||
        search.dataSource.length > 0) && (
        <section aria-label="Filters applied" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <span className="text-muted-foreground">Filters applied:</span>
          {search.companies.length > 0 && (
            <FilterGroup label="Company">
              {search.companies.map((name) => (
                <FilterChip
                  key={name}
                  label={name}
                  onRemove={() => onChange({ companies: search.companies.filter((n) => n !== name) })}
                />
              ))}
            </FilterGroup>
          )}
          {understood.map(({ kind, words, values }) => (
            <FilterGroup key={kind} kind={kind} label={KIND_LABELS[kind]} words={words}>
              {values.map((value) => (
                <FilterChip
                  key={value}
                  label={value}
                  onRemove={() => onChange(toggleValue(search, kind, value, false, validation))}
                />
              ))}
            </FilterGroup>
          ))}
          {places.length > 0 && (
            <span className="text-muted-foreground" data-place-words>
              (from “{places.join('”, “')}”)
            </span>
          )}
          {search.dataSource.length > 0 && (
            <FilterGroup label="Source">
              {search.dataSource.map((source) => (
                <FilterChip
                  key={source}
                  label={sourceLabel(source)}
                  onRemove={() => onChange({ dataSource: search.dataSource.filter((s) => s !== source) })}
                />
              ))}
            </FilterGroup>
          )}
          {rankedBy && (
            <FilterGroup label="Best match for">
              <FilterChip label={`“${rankedBy}”`} onRemove={() => onChange({ about: '' })} />
            </FilterGroup>
          )}
          {ranges.length > 0 && (
            <ul className="flex flex-wrap gap-1.5">
              {ranges.map((range) => (
                <FilterChip key={range.label} label={range.label} onRemove={() => onChange(range.clear)} />
              ))}
            </ul>
          )}
        </section>
      )}
      {validation.suggestions.length > 0 && (
        <FilterSuggestions
          suggestions={validation.suggestions}
          invalidCount={validation.invalidFilters.length}
          onRemoveInvalid={() => {
            let next = search;
            for (const invalid of validation.invalidFilters)
              next = { ...next, ...removeInvalid(next, invalid) };
            onChange(next);
          }}
        />
      )}
    </div>
  );
}
