import { Coins } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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

/** A search that failed: out of credits (with where to get more), or any other failure, with Retry. */
export function SearchError({ error, onRetry, priceText, failedMessage }: SearchErrorProps) {
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
