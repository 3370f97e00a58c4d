import { Coins, Hourglass } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { isInsufficientCredits } from '../lib/credits.ts';
import { LoadError } from './load-error.tsx';
import { Button } from './ui/button.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** An empty or refused list: an icon, what happened, and what the user can do about it. */
export function StatePanel({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
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

/** While the first page of a table loads: the shape of the table, not a spinner. */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className="flex flex-col gap-2 rounded-xl border p-3"
      data-skeleton="table"
    >
      <span className="sr-only">{label}</span>
      <Skeleton className="h-9 w-full" />
      {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

type SearchErrorProps = {
  error: unknown;
  onRetry: () => void;
  /** For a 402: what a search costs and what stays free. */
  priceText: string;
  /** For any other failure (a spec 1 §8 text). */
  failedMessage: string;
};

/** How long a search the server could not answer yet (503) waits before it asks again by itself. */
const UNAVAILABLE_RETRY_MS = 5000;

/**
 * A search that failed: out of credits (with where to get more), the server not ready for it yet (a new
 * server still loading its data says so, and the search is asked again by itself), or any other failure,
 * with Retry.
 */
export function SearchError({ error, onRetry, priceText, failedMessage }: SearchErrorProps) {
  const unavailable = error instanceof ApiError && error.status === 503;
  // The latest onRetry, without restarting the wait at every render (callers pass a new arrow each time).
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    if (!unavailable || !error) return;
    const timer = setTimeout(() => retry.current(), UNAVAILABLE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [unavailable, error]);
  if (unavailable) {
    return (
      <StatePanel icon={<Hourglass className="size-6" aria-hidden />} title="Not ready yet">
        <p className="max-w-md text-sm text-muted-foreground">{error.message}</p>
        <p className="max-w-md text-xs text-muted-foreground">The search runs again in a few seconds.</p>
        <Button variant="outline" onClick={onRetry}>
          Retry now
        </Button>
      </StatePanel>
    );
  }
  if (isInsufficientCredits(error)) {
    return (
      <StatePanel icon={<Coins className="size-6" aria-hidden />} title="Not enough credits to search">
        <p className="max-w-md text-sm text-muted-foreground">{priceText}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/credits">Get more credits</Link>
          </Button>
          <Button variant="outline" onClick={onRetry}>
            Retry
          </Button>
        </div>
      </StatePanel>
    );
  }
  return (
    <div className="rounded-xl border p-6">
      <LoadError message={failedMessage} onRetry={onRetry} />
    </div>
  );
}
