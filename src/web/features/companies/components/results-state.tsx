import { Building2, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import type { RelaxableFilter } from '../../../../shared/companies.ts';
import { SearchError, StatePanel, TableSkeleton } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { CompanyPage } from '../api.ts';

/** While the first page loads: the shape of the table, not a spinner. */
export const ResultsSkeleton = () => <TableSkeleton label="Searching companies…" />;

export const ResultsError = (props: { error: unknown; onRetry: () => void }) => (
  <SearchError
    {...props}
    priceText="A new search costs 1 credit when it finds companies. Browsing without filters, further pages and My Companies stay free."
    failedMessage="Failed to search companies"
  />
);

type EmptyProps = {
  myCompanies: boolean;
  filtered: boolean;
  onClear: () => void;
  withoutFilters?: CompanyPage['withoutFilters'];
  onDrop?: (filters: RelaxableFilter[]) => void;
};

/** What a search without one kind of criteria leaves out, in words. */
const KIND_WORDS: Record<RelaxableFilter, string> = {
  words: 'your words',
  industry: 'the industry',
  size: 'the size',
  place: 'the place',
  founded: 'the founding years',
  source: 'the data source',
};

export function ResultsEmpty({ myCompanies, filtered, onClear, withoutFilters, onDrop }: EmptyProps) {
  if (myCompanies && !filtered) {
    return (
      <StatePanel icon={<Building2 className="size-6" aria-hidden />} title="No saved companies yet">
        <p className="max-w-md text-sm text-muted-foreground">
          Save companies from a search, or from a company’s page, to keep them here with a status, tags and
          notes.
        </p>
        <Button asChild>
          <Link to="/sales-account-development">Find companies</Link>
        </Button>
      </StatePanel>
    );
  }
  return (
    <StatePanel icon={<SearchX className="size-6" aria-hidden />} title="No companies match this search">
      <p className="max-w-md text-sm text-muted-foreground">
        {withoutFilters?.length
          ? 'No company in our data has all of these. No credit was used: a search that finds nothing is free.'
          : 'Try fewer filters or other words. No credit was used: a search that finds nothing is free.'}
      </p>
      {withoutFilters && withoutFilters.length > 0 && onDrop && (
        <ul
          className="flex max-w-full flex-wrap justify-center gap-2"
          aria-label="Searches that find companies"
          data-without-filter
        >
          {withoutFilters.map(({ filters, count }) => (
            <li key={filters.join()}>
              <Button
                variant="secondary"
                size="sm"
                // A long label wraps inside the panel on a phone instead of running past it.
                className="h-auto min-h-8 whitespace-normal py-1.5 text-center"
                onClick={() => onDrop(filters)}
              >
                Without {filters.map((filter) => KIND_WORDS[filter]).join(' and ')}: {formatNumber(count)}
                {count >= 10_000 ? '+' : ''} {count === 1 ? 'company' : 'companies'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" onClick={onClear}>
        Clear search and filters
      </Button>
    </StatePanel>
  );
}
