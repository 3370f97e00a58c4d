import { useId } from 'react';
import { formatCredits } from '../../../../shared/pricing.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { type ActivityPrice, activityLabel, categoryLabel } from '../../../lib/credits.ts';

/** Rows by category, keeping the server's order (category ascending, spec 2 §3). */
function byCategory(prices: readonly ActivityPrice[]): [string, ActivityPrice[]][] {
  const groups = new Map<string, ActivityPrice[]>();
  for (const price of prices) groups.set(price.category, [...(groups.get(price.category) ?? []), price]);
  return [...groups];
}

type PriceListProps = {
  prices: readonly ActivityPrice[] | undefined;
  error: boolean;
  onRetry: () => void;
};

/** What each activity costs, from the active credit_pricing rows, grouped by category. */
export function PriceList({ prices, error, onRetry }: PriceListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <h2 id={headingId} className="text-lg leading-tight font-semibold tracking-tight">
            What activities cost
          </h2>
          <CardDescription>Credits are taken only when an activity succeeds.</CardDescription>
        </CardHeader>
        <CardContent>
          {error ? (
            <LoadError message="Could not load the prices." onRetry={onRetry} />
          ) : !prices ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-32" />
              ))}
            </div>
          ) : prices.length === 0 ? (
            <p className="text-muted-foreground">No activity costs credits at the moment.</p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-price-list="">
              {byCategory(prices).map(([category, rows]) => (
                <div key={category} className="rounded-xl border p-4" data-category={category}>
                  <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                    {categoryLabel(category)}
                  </h3>
                  <dl className="mt-3 flex flex-col gap-3">
                    {rows.map((price) => (
                      <div key={price.activityType} className="flex items-start justify-between gap-4">
                        <dt className="min-w-0">
                          <span className="block text-sm font-medium">
                            {activityLabel(price.activityType)}
                          </span>
                          <span className="block text-xs text-muted-foreground">{price.description}</span>
                        </dt>
                        <dd className="shrink-0 text-sm font-medium whitespace-nowrap tabular-nums">
                          {formatCredits(price.creditsRequired)}{' '}
                          {price.creditsRequired === 1 ? 'credit' : 'credits'}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
