import { Briefcase, Search, SearchX, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_HEALTH_LABELS,
  ACCOUNT_HEALTHS,
  FORECAST_SCENARIOS,
  formatMillions,
  LIFECYCLE_LABELS,
  LIFECYCLE_POSITIONS,
  MOMENTUM_TREND_LABELS,
  PROSPECT_SORTS,
  PROSPECT_STATUS_LABELS,
  PROSPECT_STATUSES,
  type ProspectList,
  type ProspectSummary,
} from '../../../../shared/prospects.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { StatePanel, TableSkeleton } from '../../../components/state-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
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
import { formatDate } from '../../../lib/format.ts';
import { prospectPath } from '../../../lib/prospects.ts';
import { useAddressState } from '../../../lib/use-address-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useIsDesktop } from '../../../lib/use-is-desktop.ts';
import { useProspectList, useProspectPipeline } from '../api.ts';
import { hasFilters, type ProspectFilters, parseFilters, SORT_LABELS, writeFilters } from '../filters.ts';
import { SCENARIO_COLORS, SCENARIO_LABELS, STATUS_TONE, TREND_TONE } from '../format.ts';

const SEARCH_DELAY_MS = 300;

const PipelineCharts = lazy(() =>
  import('../components/pipeline-charts.tsx').then((m) => ({ default: m.PipelineCharts })),
);

function ChartsSkeleton() {
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Skeleton className="h-72 w-full rounded-2xl" />
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}

/** The charts of the filtered pipeline; a failure to load them says so without hiding the list. */
function Charts({ filters }: { filters: ProspectFilters }) {
  const query = useProspectPipeline(filters);
  if (query.isError && !query.data)
    return <LoadError message="Failed to load the pipeline charts" onRetry={() => void query.refetch()} />;
  if (!query.data) return <ChartsSkeleton />;
  return (
    <Suspense fallback={<ChartsSkeleton />}>
      <div className={cn(query.isPlaceholderData && 'opacity-60 transition-opacity')}>
        <PipelineCharts pipeline={query.data} />
      </div>
    </Suspense>
  );
}

function PipelineTotals({ list }: { list: ProspectList }) {
  return (
    <section aria-label="Pipeline totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Card className="flex flex-col gap-1 p-4">
        <span className="text-xs font-medium text-muted-foreground">Prospects</span>
        <span className="text-2xl font-semibold tabular-nums" data-prospect-count>
          {list.total}
        </span>
      </Card>
      {FORECAST_SCENARIOS.map((scenario) => (
        <Card key={scenario} className="flex flex-col gap-1 p-4">
          <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <span
              className="size-2.5 rounded-sm"
              style={{ backgroundColor: SCENARIO_COLORS[scenario] }}
              aria-hidden
            />
            {SCENARIO_LABELS[scenario]} pipeline
          </span>
          <span className="text-2xl font-semibold tabular-nums" data-pipeline-total={scenario}>
            {formatMillions(list.totals[scenario])}
          </span>
        </Card>
      ))}
    </section>
  );
}

function StatusChips({
  list,
  filters,
  onChange,
}: {
  list: ProspectList;
  filters: ProspectFilters;
  onChange: (change: Partial<ProspectFilters>) => void;
}) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Prospects by status">
      {PROSPECT_STATUSES.map((status) => {
        const count = list.counts.status[status];
        const active = filters.status === status;
        return (
          <li key={status}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onChange({ status: active ? undefined : status })}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors hover:bg-accent',
                active && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
                !active && count === 0 && 'text-muted-foreground',
              )}
              data-status-chip={status}
            >
              {PROSPECT_STATUS_LABELS[status]}
              <span className="tabular-nums opacity-80">{count}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Filters({
  list,
  filters,
  onChange,
}: {
  list: ProspectList | undefined;
  filters: ProspectFilters;
  onChange: (change: Partial<ProspectFilters>) => void;
}) {
  const id = useId();
  const [words, setWords] = useState(filters.q ?? '');
  // The address is the truth (back, forward, a shared link); typing reaches it after a short pause.
  useEffect(() => setWords(filters.q ?? ''), [filters.q]);
  useEffect(() => {
    if (words.trim() === (filters.q ?? '')) return;
    const timer = window.setTimeout(() => onChange({ q: words.trim() || undefined }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [words, filters.q, onChange]);
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_12rem_12rem_auto] lg:items-end">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-q`}
            type="search"
            placeholder="Prospect name"
            className="pl-9"
            value={words}
            onChange={(event) => setWords(event.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-health`}>Account health</Label>
        <NativeSelect
          id={`${id}-health`}
          value={filters.accountHealth ?? ''}
          onChange={(event) =>
            onChange({ accountHealth: (event.target.value || undefined) as ProspectFilters['accountHealth'] })
          }
        >
          <option value="">Any health</option>
          {ACCOUNT_HEALTHS.map((health) => (
            <option key={health} value={health}>
              {ACCOUNT_HEALTH_LABELS[health]}
              {count(list?.counts.accountHealth[health])}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-lifecycle`}>Lifecycle</Label>
        <NativeSelect
          id={`${id}-lifecycle`}
          value={filters.lifecyclePosition ?? ''}
          onChange={(event) =>
            onChange({
              lifecyclePosition: (event.target.value || undefined) as ProspectFilters['lifecyclePosition'],
            })
          }
        >
          <option value="">Any stage</option>
          {LIFECYCLE_POSITIONS.map((position) => (
            <option key={position} value={position}>
              {LIFECYCLE_LABELS[position]}
              {count(list?.counts.lifecyclePosition[position])}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect
          id={`${id}-sort`}
          value={filters.sort ?? 'updated'}
          onChange={(event) =>
            onChange({
              sort:
                event.target.value === 'updated'
                  ? undefined
                  : (event.target.value as ProspectFilters['sort']),
            })
          }
        >
          {PROSPECT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {hasFilters(filters) && (
        <Button
          variant="ghost"
          onClick={() =>
            onChange({
              q: undefined,
              status: undefined,
              accountHealth: undefined,
              lifecyclePosition: undefined,
            })
          }
        >
          <X aria-hidden />
          Clear filters
        </Button>
      )}
    </div>
  );
}

function Forecast({ prospect }: { prospect: ProspectSummary }) {
  if (!prospect.pipeline) return <span className="text-muted-foreground">No forecast</span>;
  const { conservative, realistic, optimistic } = prospect.pipeline;
  return (
    <span className="flex flex-col">
      <span className="font-semibold tabular-nums" data-realistic>
        {formatMillions(realistic)}
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">
        {formatMillions(conservative)} – {formatMillions(optimistic)}
      </span>
    </span>
  );
}

function MomentumCell({ prospect }: { prospect: ProspectSummary }) {
  const { momentum } = prospect;
  if (!momentum) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex items-center gap-1.5 whitespace-nowrap">
      <span className="font-semibold tabular-nums">{momentum.velocityScore}</span>
      <Badge variant={TREND_TONE[momentum.momentumTrend]}>
        {MOMENTUM_TREND_LABELS[momentum.momentumTrend]}
      </Badge>
      {momentum.isManualOverride && (
        <span className="text-xs text-muted-foreground" title="Manual override">
          (yours)
        </span>
      )}
    </span>
  );
}

function ProspectTable({ prospects }: { prospects: readonly ProspectSummary[] }) {
  return (
    <Table scrollLabel="Prospects" data-prospect-table>
      <TableHeader>
        <TableRow>
          <TableHead>Prospect</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Health</TableHead>
          <TableHead>Lifecycle</TableHead>
          <TableHead>Realistic forecast</TableHead>
          <TableHead>Momentum</TableHead>
          <TableHead>Updated</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {prospects.map((prospect) => (
          <TableRow key={prospect.id} data-prospect={prospect.name}>
            <TableCell>
              <Link
                to={prospectPath(prospect.id)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {prospect.name}
              </Link>
              {prospect.location !== 'Unknown' && (
                <span className="block text-xs text-muted-foreground">{prospect.location}</span>
              )}
            </TableCell>
            <TableCell>
              <Badge variant={STATUS_TONE[prospect.status]}>{PROSPECT_STATUS_LABELS[prospect.status]}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {ACCOUNT_HEALTH_LABELS[prospect.accountHealth]}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {LIFECYCLE_LABELS[prospect.lifecyclePosition]}
            </TableCell>
            <TableCell>
              <Forecast prospect={prospect} />
            </TableCell>
            <TableCell>
              <MomentumCell prospect={prospect} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(prospect.updatedAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ProspectCards({ prospects }: { prospects: readonly ProspectSummary[] }) {
  return (
    <ul className="flex flex-col gap-3" data-prospect-cards>
      {prospects.map((prospect) => (
        <li key={prospect.id} data-prospect={prospect.name}>
          <Card className="flex flex-col gap-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <Link
                to={prospectPath(prospect.id)}
                className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline"
              >
                {prospect.name}
              </Link>
              <Badge variant={STATUS_TONE[prospect.status]} className="shrink-0">
                {PROSPECT_STATUS_LABELS[prospect.status]}
              </Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              {ACCOUNT_HEALTH_LABELS[prospect.accountHealth]} · {LIFECYCLE_LABELS[prospect.lifecyclePosition]}
            </p>
            <dl className="flex items-end justify-between gap-3 text-sm">
              <div className="flex flex-col gap-0.5">
                <dt className="text-xs text-muted-foreground">Realistic forecast</dt>
                <dd>
                  <Forecast prospect={prospect} />
                </dd>
              </div>
              <div className="flex flex-col items-end gap-0.5">
                <dt className="text-xs text-muted-foreground">Momentum</dt>
                <dd>
                  <MomentumCell prospect={prospect} />
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function NoProspects() {
  return (
    <StatePanel icon={<Briefcase className="size-6" aria-hidden />} title="No prospects yet">
      <p className="max-w-md text-sm text-muted-foreground">
        Add a company with "Add to prospects" on its page or from a person in People Finder, or ask the
        copilot (Ctrl+K): "create a prospect for Acme". Each prospect gets a forecast and deal momentum.
      </p>
      <Button asChild>
        <Link to="/sales-account-development">Find companies</Link>
      </Button>
    </StatePanel>
  );
}

/**
 * `/account-management`: the user's prospects by status, health and lifecycle, with the pipeline their forecasts
 * add up to (conservative, realistic, optimistic), charted by status and by expected close month, each leading
 * to its page.
 */
export function AccountManagementPage() {
  useDocumentTitle('Account Management');
  const [filters, setFilters] = useAddressState(parseFilters, writeFilters);
  const query = useProspectList(filters);
  const pages = query.data?.pages;
  const first = pages?.[0];
  const prospects = pages?.flatMap((page) => page.prospects) ?? [];
  const isDesktop = useIsDesktop();

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <header className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Account Management</h1>
        <p className="text-sm text-muted-foreground">
          Your prospects by status, health and lifecycle, and the pipeline their forecasts add up to.
        </p>
      </header>
      {query.isError && !first ? (
        <div className="rounded-xl border p-6">
          <LoadError message="Failed to load your prospects" onRetry={() => void query.refetch()} />
        </div>
      ) : !first ? (
        <TableSkeleton label="Loading your prospects…" />
      ) : first.total === 0 && !hasFilters(filters) ? (
        <NoProspects />
      ) : (
        <>
          <PipelineTotals list={first} />
          <Charts filters={filters} />
          <StatusChips list={first} filters={filters} onChange={setFilters} />
          <Filters list={first} filters={filters} onChange={setFilters} />
          {prospects.length === 0 ? (
            <StatePanel icon={<SearchX className="size-6" aria-hidden />} title="No prospects match">
              <p className="max-w-md text-sm text-muted-foreground">
                None of your prospects has everything you asked for. Clear a filter to see more.
              </p>
            </StatePanel>
          ) : (
            <div className={cn(query.isPlaceholderData && 'opacity-60 transition-opacity')}>
              {isDesktop ? <ProspectTable prospects={prospects} /> : <ProspectCards prospects={prospects} />}
              <LoadMore
                shown={`${prospects.length} of ${first.total} prospects`}
                hasNextPage={query.hasNextPage}
                isFetchingNextPage={query.isFetchingNextPage}
                fetchNextPage={() => void query.fetchNextPage()}
                stacked={!isDesktop}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
