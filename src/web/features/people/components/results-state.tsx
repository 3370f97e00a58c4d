import { SearchX, Users } from 'lucide-react';
import { Link } from 'react-router';
import { SearchError, StatePanel, TableSkeleton } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PEOPLE_FINDER_PATH } from '../search-params.ts';

/** While the first page loads: the shape of the table, not a spinner. */
export const ResultsSkeleton = () => <TableSkeleton label="Searching people…" />;

export const ResultsError = (props: { error: unknown; onRetry: () => void }) => (
  <SearchError
    {...props}
    priceText="A new search costs 1 credit when it finds people. Browsing without filters, further pages, My People and the people of one company stay free."
    failedMessage="Failed to search people"
  />
);

type EmptyProps = { myPeople: boolean; filtered: boolean; onClear: () => void };

export function ResultsEmpty({ myPeople, filtered, onClear }: EmptyProps) {
  if (myPeople && !filtered) {
    return (
      <StatePanel icon={<Users className="size-6" aria-hidden />} title="No saved people yet">
        <p className="max-w-md text-sm text-muted-foreground">
          Save people from a search, or from their contact card, to keep them here with your tags and notes.
        </p>
        <Button asChild>
          <Link to={PEOPLE_FINDER_PATH}>Find people</Link>
        </Button>
      </StatePanel>
    );
  }
  return (
    <StatePanel icon={<SearchX className="size-6" aria-hidden />} title="No people match this search">
      <p className="max-w-md text-sm text-muted-foreground">
        Try fewer filters, another spelling of the title, or a part of the name. No credit was used: a search
        that finds nobody is free.
      </p>
      <Button variant="outline" onClick={onClear}>
        Clear search and filters
      </Button>
    </StatePanel>
  );
}
