import { Loader2 } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

type Props = {
  /** '12 companies': how many rows are on screen. */
  shown: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Beside the count under a table; under it, full width, under cards on a phone. */
  stacked?: boolean;
};

/** The end of a paged list: how many rows are shown, and the next page on request. */
export function LoadMore({ shown, hasNextPage, isFetchingNextPage, fetchNextPage, stacked = false }: Props) {
  return (
    <div
      className={cn(
        'flex gap-2 text-sm text-muted-foreground',
        stacked ? 'flex-col items-stretch' : 'min-h-12 items-center justify-between gap-3 pt-3',
      )}
    >
      <span aria-live="polite">
        {shown} shown
        {hasNextPage && !stacked ? ', more below' : ''}
      </span>
      {hasNextPage && (
        <Button
          variant="outline"
          size={stacked ? 'default' : 'sm'}
          onClick={fetchNextPage}
          disabled={isFetchingNextPage}
        >
          {isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
          {isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
