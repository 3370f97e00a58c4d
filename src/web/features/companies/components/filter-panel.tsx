import { COMPANY_SIZES } from '../../../../shared/companies.ts';
import { FacetFilter } from '../../../components/facet-filter.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { Facets, FilterValidationResult } from '../api.ts';
import { type FilterKind, selectedValues, toggleValue } from '../filter-logic.ts';
import { sourceLabel } from '../format.ts';
import { type CompanySearch, hasFilters, withoutFilters } from '../search-params.ts';
import { MoreFiltersForm } from './more-filters-form.tsx';

type Props = {
  search: CompanySearch;
  onChange: (change: Partial<CompanySearch>) => void;
  facets: Facets | undefined;
  facetsError: boolean;
  onRetryFacets: () => void;
  /** What the server made of the filters, for the current search only (null while it loads). */
  validation: FilterValidationResult | null;
};

/** The research table's filters: multi-selects with counts, then typed filters. */
export function FilterPanel({ search, onChange, facets, facetsError, onRetryFacets, validation }: Props) {
  const toggle = (kind: FilterKind) => (value: string, checked: boolean) =>
    onChange(toggleValue(search, kind, value, checked, validation));
  const selected = (kind: FilterKind) => selectedValues(kind, search, validation);

  return (
    <div className="flex flex-col gap-6">
      {hasFilters(search) && (
        <Button variant="outline" size="sm" onClick={() => onChange(withoutFilters(search))}>
          Clear all filters
        </Button>
      )}
      {facetsError && <LoadError message="Failed to load filter counts" onRetry={onRetryFacets} />}
      <FacetFilter
        title="Industry"
        counts={facets?.industry}
        selected={selected('industry')}
        onToggle={toggle('industry')}
        emptyText="No industry in these results."
      />
      <FacetFilter
        title="Company size"
        counts={facets?.size}
        selected={selected('size')}
        onToggle={toggle('size')}
        label={(band) => `${band} employees`}
        order={COMPANY_SIZES}
        emptyText="No known size in these results."
      />
      <FacetFilter
        title="Country"
        counts={facets?.country}
        selected={selected('country')}
        onToggle={toggle('country')}
        emptyText="No country in these results."
      />
      <FacetFilter
        title="Data source"
        counts={facets?.source}
        selected={selected('dataSource')}
        onToggle={toggle('dataSource')}
        label={sourceLabel}
        emptyText="No results."
      />
      <MoreFiltersForm search={search} onApply={onChange} />
    </div>
  );
}
