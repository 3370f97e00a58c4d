import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useId, useMemo } from 'react';
import { formatCredits } from '../../../../shared/pricing.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityLabel, type CreditAccount, useCycleUsage } from '../../../lib/credits.ts';
import { activityColor, usageByDay } from '../usage-by-day.ts';

const UsageChart = lazy(() => import('./usage-chart.tsx').then((m) => ({ default: m.UsageChart })));

const chartSkeleton = <Skeleton className="h-[260px] w-full" />;

/**
 * The start of the usage counted in `usedCredits`: the cycle start, or earlier after an upgrade (it starts a
 * new cycle but gives no used credits back, so the chart keeps showing them).
 */
const usageStart = (account: CreditAccount) =>
  account.usedSince && account.usedSince < account.billingCycleStart
    ? account.usedSince
    : account.billingCycleStart;

/** Credits used per day of the current cycle, stacked by activity, with the totals per activity. */
export function UsageChartCard({ account }: { account: CreditAccount }) {
  const headingId = useId();
  const from = usageStart(account);
  const usageQuery = useCycleUsage(from);
  const usage = useMemo(
    () => (usageQuery.data ? usageByDay(usageQuery.data, from, account.billingCycleEnd) : undefined),
    [usageQuery.data, from, account.billingCycleEnd],
  );

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <h2 id={headingId} className="text-lg leading-tight font-semibold tracking-tight">
            Usage this cycle
          </h2>
          <CardDescription>Credits used per day, by activity.</CardDescription>
        </CardHeader>
        <CardContent>
          {usageQuery.isError ? (
            <LoadError message="Could not load your usage." onRetry={() => void usageQuery.refetch()} />
          ) : !usage ? (
            chartSkeleton
          ) : usage.total === 0 ? (
            <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
              <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <BarChart3 className="size-5" aria-hidden />
              </span>
              <p className="font-medium">No credits used this cycle yet</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Searches, enrichments and agent answers appear here by day as you use them.
              </p>
            </div>
          ) : (
            <div className="flex flex-col gap-5">
              <figure aria-label="Credits used per day this cycle" className="m-0">
                <Suspense fallback={chartSkeleton}>
                  <UsageChart usage={usage} />
                </Suspense>
              </figure>
              <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label="Credits used by activity">
                {usage.activities.map(({ activityType, credits }) => (
                  <li key={activityType} className="flex items-center gap-2">
                    <span
                      aria-hidden
                      className="size-2.5 rounded-sm"
                      style={{ background: activityColor(activityType) }}
                    />
                    {activityLabel(activityType)}
                    <span className="font-medium tabular-nums">{formatCredits(credits)}</span>
                  </li>
                ))}
                <li className="flex items-center gap-2 text-muted-foreground">
                  Total
                  <span className="font-medium text-foreground tabular-nums">
                    {formatCredits(usage.total)}
                  </span>
                </li>
              </ul>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
