import { ArrowRight, SearchX, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
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

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium text-secondary-foreground">
      {label}
      <button
        type="button"
        onClick={onRemove}
        className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
        aria-label={`Remove filter ${label}`}
      >
        <X className="size-3" aria-hidden />
      </button>
    </li>
  );
}

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
  const nothing =
    understood.length === 0 &&
    ranges.length === 0 &&
    search.dataSource.length === 0 &&
    validation.suggestions.length === 0;
  if (nothing) return null;

  return (
    <div className="flex flex-col gap-3" data-filter-summary>
      {(understood.length > 0 || ranges.length > 0 || search.dataSource.length > 0) && (
        <section aria-label="Filters applied" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <span className="text-muted-foreground">Filters applied:</span>
          {understood.map(({ kind, words, values }) => (
            <div key={kind} className="flex flex-wrap items-center gap-1.5" data-filter-kind={kind}>
              <span className="font-medium">{KIND_LABELS[kind]}</span>
              {words.length > 0 && (
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  “{words.join('”, “')}”
                  <ArrowRight className="size-3.5" aria-label="understood as" />
                </span>
              )}
              <ul className="flex flex-wrap gap-1.5">
                {values.map((value) => (
                  <Chip
                    key={value}
                    label={value}
                    onRemove={() => onChange(toggleValue(search, kind, value, false, validation))}
                  />
                ))}
              </ul>
            </div>
          ))}
          {places.length > 0 && (
            <span className="text-muted-foreground" data-place-words>
              (from “{places.join('”, “')}”)
            </span>
          )}
          {search.dataSource.length > 0 && (
            <div className="flex flex-wrap items-center gap-1.5">
              <span className="font-medium">Source</span>
              <ul className="flex flex-wrap gap-1.5">
                {search.dataSource.map((source) => (
                  <Chip
                    key={source}
                    label={sourceLabel(source)}
                    onRemove={() => onChange({ dataSource: search.dataSource.filter((s) => s !== source) })}
                  />
                ))}
              </ul>
            </div>
          )}
          {ranges.length > 0 && (
            <ul className="flex flex-wrap gap-1.5">
              {ranges.map((range) => (
                <Chip key={range.label} label={range.label} onRemove={() => onChange(range.clear)} />
              ))}
            </ul>
          )}
        </section>
      )}
      {validation.suggestions.length > 0 && (
        <section
          aria-label="Filters that matched nothing"
          className="flex flex-col gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
          data-filter-suggestions
        >
          <div className="flex items-start gap-2">
            <SearchX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            <ul className="flex flex-col gap-1 text-sm">
              {validation.suggestions.map((suggestion) => (
                <li key={suggestion}>{suggestion}</li>
              ))}
            </ul>
          </div>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => {
              let next = search;
              for (const invalid of validation.invalidFilters)
                next = { ...next, ...removeInvalid(next, invalid) };
              onChange(next);
            }}
          >
            Remove {validation.invalidFilters.length === 1 ? 'this filter' : 'these filters'}
          </Button>
        </section>
      )}
    </div>
  );
}
