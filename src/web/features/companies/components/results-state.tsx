import { Building2, Coins, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isInsufficientCredits } from '../../../lib/credits.ts';

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </div>
  );
}

/** While the first page loads: the shape of the table, not a spinner. */
export function ResultsSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="flex flex-col gap-2 rounded-xl border p-3"
      data-skeleton="table"
    >
      <span className="sr-only">Searching companies…</span>
      <Skeleton className="h-9 w-full" />
      {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

export function ResultsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isInsufficientCredits(error)) {
    return (
      <Panel icon={<Coins className="size-6" aria-hidden />} title="Not enough credits to search">
        <p className="max-w-md text-sm text-muted-foreground">
          A new search costs 1 credit when it finds companies. Browsing without filters, further pages and My
          Companies stay free.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/credits">Get more credits</Link>
          </Button>
          <Button variant="outline" onClick={onRetry}>
            Retry
          </Button>
        </div>
      </Panel>
    );
  }
  return (
    <div className="rounded-xl border p-6">
      <LoadError message="Failed to search companies" onRetry={onRetry} />
    </div>
  );
}

type EmptyProps = { myCompanies: boolean; filtered: boolean; onClear: () => void };

export function ResultsEmpty({ myCompanies, filtered, onClear }: EmptyProps) {
  if (myCompanies && !filtered) {
    return (
      <Panel icon={<Building2 className="size-6" aria-hidden />} title="No saved companies yet">
        <p className="max-w-md text-sm text-muted-foreground">
          Save companies from a search, or from a company’s page, to keep them here with a status, tags and
          notes.
        </p>
        <Button asChild>
          <Link to="/sales-account-development">Find companies</Link>
        </Button>
      </Panel>
    );
  }
  return (
    <Panel icon={<SearchX className="size-6" aria-hidden />} title="No companies match this search">
      <p className="max-w-md text-sm text-muted-foreground">
        Try fewer filters or other words. No credit was used: a search that finds nothing is free.
      </p>
      <Button variant="outline" onClick={onClear}>
        Clear search and filters
      </Button>
    </Panel>
  );
}
