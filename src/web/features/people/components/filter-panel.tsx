import { type FormEvent, useEffect, useId, useState } from 'react';
import { departmentLabel, SENIORITIES, seniorityLabel } from '../../../../shared/people.ts';
import { FacetFilter } from '../../../components/facet-filter.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { distinct } from '../../../lib/distinct.ts';
import { sameText } from '../../../lib/filter-words.ts';
import type { PeopleFacets, PeopleFilterValidation } from '../api.ts';
import { selectedValues, toggleValue } from '../filter-logic.ts';
import { hasFilters, type PeopleSearch, withoutFilters } from '../search-params.ts';

type Fields = { company: string; region: string; location: string };

const fieldsOf = (search: PeopleSearch): Fields => ({
  company: search.company.join(', '),
  region: search.region.join(', '),
  location: search.location.join(', '),
});

/**
 * Company and places: typed rather than ticked, so they apply together with one button (each change of a
 * search with criteria is a new, paid search).
 */
function MoreFiltersForm({ search, onApply }: { search: PeopleSearch; onApply: Props['onChange'] }) {
  const id = useId();
  const [fields, setFields] = useState(() => fieldsOf(search));
  // Back and forward change the address: the fields follow it.
  const applied = JSON.stringify(fieldsOf(search));
  useEffect(() => setFields(JSON.parse(applied) as Fields), [applied]);
  const dirty = JSON.stringify(fields) !== applied;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = (text: string) => (text.trim() ? [text.trim()] : []);
    onApply({
      // Several companies are a list; a place may contain a comma ("Portland, Oregon"), so it stays one.
      company: distinct(fields.company.split(',')),
      region: list(fields.region),
      location: list(fields.location),
    });
  };
  const input = (key: keyof Fields, label: string, placeholder: string, hint?: string) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        value={fields[key]}
        onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-${key}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Company and location">
      {input('company', 'Company', 'Stripe, stripe.com', 'Names or web domains, separated by commas.')}
      {input('region', 'Company location', 'Germany, California, Berlin…')}
      {input('location', 'Person’s location', 'United Kingdom, Texas, Paris…')}
      <Button type="submit" variant={dirty ? 'default' : 'outline'} size="sm" disabled={!dirty}>
        Apply
      </Button>
    </form>
  );
}

type Props = {
  search: PeopleSearch;
  onChange: (change: Partial<PeopleSearch>) => void;
  facets: PeopleFacets | undefined;
  facetsError: boolean;
  onRetryFacets: () => void;
  /** What the server made of the filters, for the current search only (null while it loads). */
  validation: PeopleFilterValidation | null;
};

/** The people table's filters: multi-selects with counts, then typed filters. */
export function PeopleFilterPanel({
  search,
  onChange,
  facets,
  facetsError,
  onRetryFacets,
  validation,
}: Props) {
  const toggleList =
    <K extends 'seniority' | 'department'>(key: K) =>
    (value: string, checked: boolean) =>
      onChange({
        [key]: checked
          ? [...search[key], value]
          : search[key].filter((selected: string) => selected !== value),
      } as Partial<PeopleSearch>);
  // The person's places are one filter: the country list shows the countries among them.
  const countries = facets?.country;
  const countrySelected = selectedValues('location', search, validation).filter(
    (place) => !countries || countries.some((country) => sameText(country.value, place)),
  );

  return (
    <div className="flex flex-col gap-6">
      {hasFilters(search) && (
        <Button variant="outline" size="sm" onClick={() => onChange(withoutFilters(search))}>
          Clear all filters
        </Button>
      )}
      {facetsError && <LoadError message="Failed to load filter counts" onRetry={onRetryFacets} />}
      <FacetFilter
        title="Seniority"
        counts={facets?.seniority}
        selected={search.seniority}
        onToggle={toggleList('seniority')}
        label={(value) => seniorityLabel(value) ?? value}
        order={SENIORITIES}
        emptyText="No seniority in these results."
      />
      <FacetFilter
        title="Department"
        counts={facets?.department}
        selected={search.department}
        onToggle={toggleList('department')}
        label={(value) => departmentLabel(value) ?? value}
        emptyText="No department in these results."
      />
      <FacetFilter
        title="Company industry"
        counts={facets?.industry}
        selected={selectedValues('industry', search, validation)}
        onToggle={(value, checked) => onChange(toggleValue(search, 'industry', value, checked, validation))}
        emptyText="No industry in these results."
      />
      <FacetFilter
        title="Country"
        counts={countries}
        selected={countrySelected}
        onToggle={(value, checked) => onChange(toggleValue(search, 'location', value, checked, validation))}
        emptyText="No country in these results."
      />
      <MoreFiltersForm search={search} onApply={onChange} />
    </div>
  );
}
