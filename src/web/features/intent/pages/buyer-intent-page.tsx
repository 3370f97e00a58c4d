import { Building2, FileUp, Radar, SearchX, Target } from 'lucide-react';
import { type ReactNode, useCallback, useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { filterParams, type IntentFilter, parseFilter, useBuyerIntent } from '../api.ts';
import { IntentFilters } from '../components/intent-filters.tsx';
import { IntentRow } from '../components/intent-row.tsx';
import { ScoreExplainer } from '../components/score-explainer.tsx';

function NoSignals() {
  return (
    <StatePanel icon={<Radar className="size-6" aria-hidden />} title="No buyer intent yet">
      <div className="flex max-w-lg flex-col gap-3 text-sm text-muted-foreground" data-intent-empty>
        <p>Buyer intent ranks the companies your own work points to. Signals come from what you do here:</p>
        <ul className="flex flex-col gap-1 text-left">
          <li>• Upload documents that mention companies (call notes, proposals, account plans).</li>
          <li>• Save companies to My Companies, or create prospects for them.</li>
          <li>• Save people at a company, generate documents for it, or answer its RFP.</li>
        </ul>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/sales-knowledge-agent">
            <FileUp aria-hidden />
            Upload documents
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/sales-account-development">
            <Building2 aria-hidden />
            Find companies
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/account-management">
            <Target aria-hidden />
            Your prospects
          </Link>
        </Button>
      </div>
    </StatePanel>
  );
}

function Loading() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-5">
      <span className="sr-only">Loading buyer intent</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-3 sm:flex-row sm:gap-5">
          <Skeleton className="h-8 w-full sm:w-40" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-5 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * `/buyer-intent-results` (issue 10 point 3): the companies the user's own signals point to — mentions in their
 * documents, their prospects, My Companies, people, generated documents, RFPs, events and agent runs, with the
 * fit against their ICP — ranked by a score whose formula the page shows, each with its reason and evidence.
 * The filter lives in the address, so a link reopens the same view.
 */
export function BuyerIntentPage() {
  useDocumentTitle('Buyer Intent');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseFilter(params), [params]);
  const change = useCallback(
    (next: Partial<IntentFilter>) => setParams(filterParams({ ...filter, ...next }), { replace: true }),
    [filter, setParams],
  );
  const intent = useBuyerIntent(filter);
  const pages = intent.data?.pages;
  const first = pages?.[0];
  const companies = pages?.flatMap((page) => page.companies) ?? [];
  const now = useMemo(() => (first ? new Date(first.computedAt) : new Date()), [first]);
  const filtered = filter.kinds.length > 0 || filter.minScore > 0;

  let body: ReactNode;
  if (intent.isError && !first) {
    body = <LoadError message="Could not load buyer intent." onRetry={() => void intent.refetch()} />;
  } else if (!first) {
    body = <Loading />;
  } else if (first.total === 0 && !filtered) {
    body = <NoSignals />;
  } else if (first.total === 0) {
    body = (
      <StatePanel icon={<SearchX className="size-6" aria-hidden />} title="No company matches these filters">
        <p className="max-w-md text-sm text-muted-foreground">
          Choose other signals or a lower minimum score.
        </p>
        <Button variant="outline" onClick={() => change({ kinds: [], minScore: 0 })}>
          Clear filters
        </Button>
      </StatePanel>
    );
  } else {
    body = (
      <>
        <ul aria-label="Companies by buyer intent" data-intent-list aria-busy={intent.isPlaceholderData}>
          {companies.map((item, index) => (
            <IntentRow key={item.company.id} item={item} rank={index + 1} now={now} />
          ))}
        </ul>
        <LoadMore
          shown={`${companies.length} of ${first.total} ${first.total === 1 ? 'company' : 'companies'}`}
          hasNextPage={intent.hasNextPage}
          isFetchingNextPage={intent.isFetchingNextPage}
          fetchNextPage={() => void intent.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Buyer Intent</h1>
        <p className="text-sm text-muted-foreground">
          The companies your documents and your own activity point to, highest intent first, each with the
          reason and the evidence behind it.
        </p>
      </header>
      <ScoreExplainer />
      <section
        aria-labelledby={`${id}-title`}
        className="flex flex-col gap-4 rounded-2xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
      >
        <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
          Ranked companies
        </h2>
        {(first?.total !== 0 || filtered) && (
          <IntentFilters filter={filter} kindCounts={first?.kindCounts} onChange={change} />
        )}
        {body}
      </section>
    </div>
  );
}
