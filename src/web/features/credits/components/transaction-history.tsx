import { Download, Loader2, ReceiptText, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { signedCredits, TRANSACTION_TYPES, type TransactionType } from '../../../../shared/credits.ts';
import { formatCredits } from '../../../../shared/pricing.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  activityLabel,
  getAllTransactions,
  TRANSACTION_TYPE_LABELS,
  type TransactionFilter,
  transactionTypeLabel,
  useTransactions,
} from '../../../lib/credits.ts';
import { toastFailure } from '../../../lib/toast.ts';

/** What the filter controls hold: a type, an activity and local calendar dates (YYYY-MM-DD), '' for any. */
type FilterForm = { type: TransactionType | ''; activity: string; from: string; to: string };

const NO_FILTER: FilterForm = { type: '', activity: '', from: '', to: '' };

/** Local midnight of a YYYY-MM-DD date, `days` later, as an ISO instant. */
const startOfDay = (date: string, days = 0) => {
  const day = new Date(`${date}T00:00:00`);
  day.setDate(day.getDate() + days);
  return day.toISOString();
};

/** The API filter: `to` is exclusive, so the end date counts up to its last millisecond. */
function toFilter(form: FilterForm): TransactionFilter {
  return {
    type: form.type || undefined,
    activity: form.activity || undefined,
    from: form.from ? startOfDay(form.from) : undefined,
    to: form.to ? startOfDay(form.to, 1) : undefined,
  };
}

function formatSigned(amount: number): string {
  if (amount > 0) return `+${formatCredits(amount)}`;
  if (amount < 0) return `\u2212${formatCredits(-amount)}`;
  return '0';
}

const WHEN = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The filtered ledger as a CSV file download (every matching row, not only the pages on screen). */
async function exportCsv(filter: TransactionFilter): Promise<number> {
  const [rows, { unparse }] = await Promise.all([getAllTransactions(filter), import('papaparse')]);
  const csv = unparse(
    {
      fields: ['Date', 'Type', 'Activity', 'Credits', 'Description'],
      data: rows.map((row) => [
        row.createdAt,
        row.transactionType,
        row.activityType ?? '',
        signedCredits(row),
        row.description,
      ]),
    },
    // A description starting with '=' must not become a spreadsheet formula.
    { escapeFormulae: true },
  );
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `prospector-credits-${today()}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return rows.length;
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ReceiptText className="size-5" aria-hidden />
      </span>
      <p className="font-medium">
        {filtered ? 'No transactions match these filters' : 'No transactions yet'}
      </p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {filtered
          ? 'Try another type, activity or date range.'
          : 'Credits you are granted, buy and use are listed here.'}
      </p>
      {filtered && (
        <Button variant="outline" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

type TransactionHistoryProps = {
  /** The activity types to filter by (from the price list). */
  activities: readonly string[];
};

/** The ledger, newest first, 50 rows at a time, with filters and a CSV export of the filtered rows. */
export function TransactionHistory({ activities }: TransactionHistoryProps) {
  const id = useId();
  const [form, setForm] = useState<FilterForm>(NO_FILTER);
  const [exporting, setExporting] = useState(false);
  const filter = useMemo(() => toFilter(form), [form]);
  const ledger = useTransactions(filter);
  const rows = useMemo(() => ledger.data?.pages.flatMap((page) => page.transactions) ?? [], [ledger.data]);
  const filtered = Object.values(form).some(Boolean);
  const badRange = form.from !== '' && form.to !== '' && form.from > form.to;

  const set = (patch: Partial<FilterForm>) => setForm((current) => ({ ...current, ...patch }));
  const onExport = async () => {
    setExporting(true);
    try {
      await exportCsv(filter);
    } catch (err) {
      toastFailure('Export failed', err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <h2 id={`${id}-heading`} className="text-lg leading-tight font-semibold tracking-tight">
              Transactions
            </h2>
            <CardDescription>Every credit granted, bought and used, newest first.</CardDescription>
          </div>
          <Button
            variant="outline"
            className="self-start"
            onClick={() => void onExport()}
            disabled={exporting || rows.length === 0}
          >
            {exporting ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <fieldset className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end">
            <legend className="sr-only">Filter transactions</legend>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-type`}>Type</Label>
              <NativeSelect
                id={`${id}-type`}
                value={form.type}
                onChange={(e) => set({ type: e.target.value as FilterForm['type'] })}
              >
                <option value="">Any type</option>
                {TRANSACTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {TRANSACTION_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-activity`}>Activity</Label>
              <NativeSelect
                id={`${id}-activity`}
                value={form.activity}
                onChange={(e) => set({ activity: e.target.value })}
              >
                <option value="">Any activity</option>
                {activities.map((activity) => (
                  <option key={activity} value={activity}>
                    {activityLabel(activity)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-from`}>From</Label>
              <Input
                id={`${id}-from`}
                type="date"
                value={form.from}
                max={form.to || undefined}
                onChange={(e) => set({ from: e.target.value })}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-to`}>To</Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={form.to}
                min={form.from || undefined}
                onChange={(e) => set({ to: e.target.value })}
                aria-invalid={badRange || undefined}
                aria-describedby={badRange ? `${id}-range` : undefined}
              />
            </div>
            <Button
              variant="ghost"
              className="justify-self-start"
              onClick={() => setForm(NO_FILTER)}
              disabled={!filtered}
            >
              <X aria-hidden />
              Clear
            </Button>
            {badRange && (
              <p id={`${id}-range`} className="col-span-2 text-sm text-destructive lg:col-span-5">
                The start date is after the end date.
              </p>
            )}
          </fieldset>

          {ledger.isError && !ledger.data ? (
            <LoadError message="Could not load your transactions." onRetry={() => void ledger.refetch()} />
          ) : ledger.isPending ? (
            <div className="flex flex-col gap-2" aria-busy="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-11 w-full" />
              ))}
            </div>
          ) : rows.length === 0 ? (
            <EmptyState filtered={filtered} onClear={() => setForm(NO_FILTER)} />
          ) : (
            <div className={cn('flex flex-col gap-4', ledger.isPlaceholderData && 'opacity-60')}>
              <Table scrollLabel="Transactions" containerClassName="rounded-xl border" data-ledger="">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    {/* On a phone, date and type move under the description, keeping the credits in view. */}
                    <TableHead className="hidden sm:table-cell">Date</TableHead>
                    <TableHead className="hidden sm:table-cell">Type</TableHead>
                    <TableHead>Description</TableHead>
                    <TableHead className="text-right">Credits</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((row) => {
                    const amount = signedCredits(row);
                    const when = WHEN.format(new Date(row.createdAt));
                    return (
                      <TableRow key={row.id} data-transaction-type={row.transactionType}>
                        <TableCell className="hidden whitespace-nowrap text-muted-foreground tabular-nums sm:table-cell">
                          <time dateTime={row.createdAt}>{when}</time>
                        </TableCell>
                        <TableCell className="hidden sm:table-cell">
                          <Badge variant={row.transactionType === 'usage' ? 'secondary' : 'outline'}>
                            {transactionTypeLabel(row.transactionType)}
                          </Badge>
                        </TableCell>
                        <TableCell className="sm:min-w-56">
                          {row.activityType && (
                            <span className="block font-medium" data-ledger-activity>
                              {activityLabel(row.activityType)}
                            </span>
                          )}
                          {/* The activity's name is the heading: a description that only repeats it is left out. */}
                          {(!row.activityType || row.description !== activityLabel(row.activityType)) && (
                            <span
                              className={cn('block', row.activityType && 'text-xs text-muted-foreground')}
                              data-ledger-description
                            >
                              {row.description}
                            </span>
                          )}
                          <span className="mt-1 block text-xs text-muted-foreground sm:hidden">
                            {transactionTypeLabel(row.transactionType)} ·{' '}
                            <time dateTime={row.createdAt}>{when}</time>
                          </span>
                        </TableCell>
                        <TableCell
                          className={cn(
                            'text-right align-top font-medium whitespace-nowrap tabular-nums sm:align-middle',
                            amount > 0 && 'text-success',
                          )}
                        >
                          {formatSigned(amount)}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
                <p aria-live="polite">
                  {ledger.hasNextPage
                    ? `Showing the newest ${rows.length} transactions`
                    : rows.length === 1
                      ? '1 transaction'
                      : `${rows.length} transactions`}
                </p>
                {ledger.hasNextPage && (
                  <Button
                    variant="outline"
                    onClick={() => void ledger.fetchNextPage()}
                    disabled={ledger.isFetchingNextPage}
                  >
                    {ledger.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
                    {ledger.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                )}
                {ledger.isFetchNextPageError && (
                  <p role="alert" className="text-destructive">
                    Could not load more transactions. Try again.
                  </p>
                )}
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
