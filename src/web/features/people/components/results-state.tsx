import { SearchX, Users } from 'lucide-react';
import { Link } from 'react-router';
import { SearchError, StatePanel, TableSkeleton } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { PeopleNoMatch } from '../api.ts';
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

type EmptyProps = {
  myPeople: boolean;
  filtered: boolean;
  onClear: () => void;
  /** Why a title at a company found nobody (the server's answer), and the closest titles held there. */
  noMatch?: PeopleNoMatch | null;
  /** Runs a title (at the company of the search, or at `company` when given). */
  onTitle?: (title: string, company?: string) => void;
};

/** Nobody has the title at the company: says so, and offers the titles held there that come closest. */
function NoTitleThere({ noMatch, onTitle }: Pick<EmptyProps, 'onTitle'> & { noMatch: PeopleNoMatch }) {
  const titles = noMatch.closestTitles;
  const { suggestion } = noMatch;
  return (
    <div className="flex max-w-lg flex-col items-center gap-3" data-no-match={noMatch.reason}>
      <p className="text-sm">{noMatch.message}</p>
      {suggestion && onTitle && (
        <Button size="sm" onClick={() => onTitle(suggestion.title, suggestion.company)}>
          Search for “{suggestion.title}” at {suggestion.company}
        </Button>
      )}
      {titles.length > 0 && onTitle ? (
        <>
          <p className="text-sm text-muted-foreground">Closest titles at {noMatch.company}:</p>
          <ul
            className="flex flex-wrap justify-center gap-2"
            aria-label={`Closest titles at ${noMatch.company}`}
          >
            {titles.map(({ title, count }) => (
              <li key={title}>
                <Button variant="outline" size="sm" onClick={() => onTitle(title)}>
                  {title}
                  <span className="text-muted-foreground tabular-nums">
                    {count} {count === 1 ? 'person' : 'people'}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        noMatch.reason === 'no_title' && (
          <p className="text-sm text-muted-foreground">No title held there is close to it.</p>
        )
      )}
      <p className="text-sm text-muted-foreground">No credit was used: a search that finds nobody is free.</p>
    </div>
  );
}

export function ResultsEmpty({ myPeople, filtered, onClear, noMatch, onTitle }: EmptyProps) {
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
      {noMatch ? (
        <NoTitleThere noMatch={noMatch} onTitle={onTitle} />
      ) : (
        <p className="max-w-md text-sm text-muted-foreground">
          Try fewer filters, another spelling of the title, or a part of the name. No credit was used: a
          search that finds nobody is free.
        </p>
      )}
      <Button variant="outline" onClick={onClear}>
        Clear search and filters
      </Button>
    </StatePanel>
  );
}
