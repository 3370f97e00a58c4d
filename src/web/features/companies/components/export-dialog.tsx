import { Download, Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatCredits } from '../../../../shared/pricing.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toastInsufficient } from '../../../lib/credits.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { type ExportTarget, useExportCompanies, useExportQuote } from '../api.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ExportTarget;
};

/** CSV export with its price first (issue 5 §8): the rows, the credits it costs and what the user has. */
export function ExportDialog({ open, onOpenChange, target }: Props) {
  const quote = useExportQuote(target, open);
  const run = useExportCompanies();
  const selected = 'ids' in target;
  const short = quote.data ? quote.data.credits > quote.data.available : false;

  const onExport = () => {
    if (!quote.data) return;
    const { rows, credits } = quote.data;
    run.mutate(
      { target, credits },
      {
        onSuccess: () => {
          toast({
            title: 'Export ready',
            description: `${formatNumber(rows)} ${rows === 1 ? 'company' : 'companies'} exported to CSV.`,
          });
          onOpenChange(false);
        },
        onError: (err) => {
          if (!toastInsufficient(err, 'Export')) toastFailure('Export failed', err);
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
              ? 'The companies you selected, with every column we hold for them.'
              : 'Every company this search finds, not only the rows loaded on screen.'}
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
            <dt className="text-muted-foreground">Companies</dt>
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
            This search finds more companies than one export holds: the first {formatNumber(quote.data.rows)}{' '}
            are exported. Narrow the search to export the rest.
          </p>
        )}
        {short && (
          <p role="alert" className="text-sm">
            Not enough credits for this export.{' '}
            <Link to="/credits" className="font-medium text-primary underline-offset-4 hover:underline">
              Buy credits
            </Link>{' '}
            or select fewer companies.
          </p>
        )}
        <p className="text-xs text-muted-foreground">An export costs 1 credit per 100 companies.</p>
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
