import { Building2, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { SearchError, StatePanel, TableSkeleton } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** While the first page loads: the shape of the table, not a spinner. */
export const ResultsSkeleton = () => <TableSkeleton label="Searching companies…" />;

export const ResultsError = (props: { error: unknown; onRetry: () => void }) => (
  <SearchError
    {...props}
    priceText="A new search costs 1 credit when it finds companies. Browsing without filters, further pages and My Companies stay free."
    failedMessage="Failed to search companies"
  />
);

type EmptyProps = { myCompanies: boolean; filtered: boolean; onClear: () => void };

export function ResultsEmpty({ myCompanies, filtered, onClear }: EmptyProps) {
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
        Try fewer filters or other words. No credit was used: a search that finds nothing is free.
      </p>
      <Button variant="outline" onClick={onClear}>
        Clear search and filters
      </Button>
    </StatePanel>
  );
}
