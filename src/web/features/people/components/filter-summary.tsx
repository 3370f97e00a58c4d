import { departmentLabel, seniorityLabel } from '../../../../shared/people.ts';
import { FilterChip, FilterGroup, FilterSuggestions } from '../../../components/filter-chips.tsx';
import type { PeopleFilterValidation } from '../api.ts';
import { removeInvalid, toggleValue, understoodFilters, type ValidatedKind } from '../filter-logic.ts';
import type { PeopleSearch } from '../search-params.ts';

const KIND_LABELS: Record<ValidatedKind, string> = {
  industry: 'Industry',
  size: 'Company size',
  region: 'Company location',
  location: 'Person’s location',
};

type Props = {
  search: PeopleSearch;
  /** What the server made of the filters; null while the search loads (the chips then show the address). */
  validation: PeopleFilterValidation | null;
  /** The company of a `companyId` filter, once a row has named it. */
  companyName: string | null;
  onChange: (change: Partial<PeopleSearch>) => void;
};

/**
 * The filters applied, as chips that take one out; for the filters the server validates, what the user's
 * words became (spec 3 §5: "usa" shows as United States), and the spec's suggestion for each that matched
 * nothing.
 */
export function PeopleFilterSummary({ search, validation, companyName, onChange }: Props) {
  const understood = validation ? understoodFilters(search, validation) : [];
  const plain = search.seniority.length + search.department.length + search.company.length > 0;
  if (!plain && !search.companyId && understood.length === 0 && !validation?.suggestions.length) return null;

  return (
    <div className="flex flex-col gap-3" data-filter-summary>
      {(plain || search.companyId || understood.length > 0) && (
        <section aria-label="Filters applied" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <span className="text-muted-foreground">Filters applied:</span>
          {search.companyId && (
            <FilterGroup label="Company">
              <FilterChip
                label={companyName ?? 'One company'}
                onRemove={() => onChange({ companyId: null })}
              />
            </FilterGroup>
          )}
          {search.seniority.length > 0 && (
            <FilterGroup label="Seniority">
              {search.seniority.map((value) => (
                <FilterChip
                  key={value}
                  label={seniorityLabel(value) ?? value}
                  onRemove={() => onChange({ seniority: search.seniority.filter((s) => s !== value) })}
                />
              ))}
            </FilterGroup>
          )}
          {search.department.length > 0 && (
            <FilterGroup label="Department">
              {search.department.map((value) => (
                <FilterChip
                  key={value}
                  label={departmentLabel(value) ?? value}
                  onRemove={() => onChange({ department: search.department.filter((d) => d !== value) })}
                />
              ))}
            </FilterGroup>
          )}
          {search.company.length > 0 && (
            <FilterGroup label="Company">
              {search.company.map((value) => (
                <FilterChip
                  key={value}
                  label={value}
                  onRemove={() => onChange({ company: search.company.filter((c) => c !== value) })}
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
        </section>
      )}
      {validation && validation.suggestions.length > 0 && (
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
