import { Download, Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatCredits } from '../../shared/pricing.ts';
import { toastCreditFailure } from '../lib/credits.ts';
import { type ExportRequest, useExportQuote, useRunExport } from '../lib/csv-export.ts';
import { formatNumber } from '../lib/format.ts';
import { toast, toastFailure } from '../lib/toast.ts';
import { LoadError } from './load-error.tsx';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { Skeleton } from './ui/skeleton.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: ExportRequest;
  /** Whether the request names selected rows (else it is everything the search finds). */
  selected: boolean;
  /** 'company' and 'companies'. */
  one: string;
  many: string;
};

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** CSV export with its price first (issue 5 §8): the rows, the credits it costs and what the user has. */
export function ExportDialog({ open, onOpenChange, request, selected, one, many }: Props) {
  const quote = useExportQuote(request, open);
  const run = useRunExport();
  const short = quote.data ? quote.data.credits > quote.data.available : false;

  const onExport = () => {
    if (!quote.data) return;
    const { rows, credits } = quote.data;
    run.mutate(
      { request, credits },
      {
        onSuccess: () => {
          toast({
            title: 'Export ready',
            description: `${formatNumber(rows)} ${rows === 1 ? one : many} exported to CSV.`,
          });
          onOpenChange(false);
        },
        onError: (err) => {
          if (!toastCreditFailure(err, 'Export')) toastFailure('Export failed', err);
          void quote.refetch();
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Export to CSV</DialogTitle>
          <DialogDescription>
            {selected
              ? `The ${many} you selected, with every column we hold for them.`
              : `Every ${one} this search finds, not only the rows loaded on screen.`}
          </DialogDescription>
        </DialogHeader>
        {quote.isError ? (
          <LoadError message="Failed to price the export" onRetry={() => void quote.refetch()} />
        ) : !quote.data ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <span className="sr-only">Working out the price…</span>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : (
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm" data-export-quote>
            <dt className="text-muted-foreground">{capitalized(many)}</dt>
            <dd className="text-right font-medium tabular-nums">{formatNumber(quote.data.rows)}</dd>
            <dt className="text-muted-foreground">Cost</dt>
            <dd className="text-right font-medium tabular-nums">
              {formatCredits(quote.data.credits)} {quote.data.credits === 1 ? 'credit' : 'credits'}
            </dd>
            <dt className="text-muted-foreground">You have</dt>
            <dd className="text-right tabular-nums">{formatCredits(quote.data.available)} credits</dd>
          </dl>
        )}
        {quote.data?.truncated && (
          <p className="text-sm text-muted-foreground">
            This search finds more {many} than one export holds: the first {formatNumber(quote.data.rows)} are
            exported. Narrow the search to export the rest.
          </p>
        )}
        {short && (
          <p role="alert" className="text-sm">
            Not enough credits for this export.{' '}
            <Link to="/credits" className="font-medium text-primary underline-offset-4 hover:underline">
              Buy credits
            </Link>{' '}
            or select fewer {many}.
          </p>
        )}
        <p className="text-xs text-muted-foreground">An export costs 1 credit per 100 {many}.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            onClick={onExport}
            disabled={!quote.data || quote.data.rows === 0 || short || run.isPending}
          >
            {run.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            {run.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The research table's export button: the selected rows when there are some, else the whole search. */
export function ExportButton({ selected, onClick }: { selected: number; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <Download aria-hidden />
      {selected > 0 ? `Export ${selected} selected` : 'Export CSV'}
    </Button>
  );
}
