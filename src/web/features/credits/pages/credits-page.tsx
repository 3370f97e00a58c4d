import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACTIVITY_PRICES } from '../../../../shared/credits.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCreditPricing, useCredits, usePaymentMode } from '../../../lib/credits.ts';
import { AccountSummary } from '../components/account-summary.tsx';
import { AutoTopUpCard } from '../components/auto-top-up-card.tsx';
import { CheckoutReturn } from '../components/checkout-return.tsx';
import { PriceList } from '../components/price-list.tsx';
import { PurchaseDialog } from '../components/purchase-dialog.tsx';
import { TransactionHistory } from '../components/transaction-history.tsx';
import { UsageChartCard } from '../components/usage-chart-card.tsx';

/** Until the price list answers, the seeded activities are offered as filters. */
const SEEDED_ACTIVITIES = ACTIVITY_PRICES.map((price) => price.activityType);

/**
 * `/credits`: the account, usage this cycle, automatic top-up, the ledger and the prices, with a way to buy
 * more; also where Stripe Checkout sends the user back to.
 */
export function CreditsPage() {
  const [buying, setBuying] = useState(false);
  const credits = useCredits();
  const pricing = useCreditPricing();
  const payments = usePaymentMode();
  const activities = pricing.data?.map((price) => price.activityType) ?? SEEDED_ACTIVITIES;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Credits</h1>
          <p className="mt-1 text-muted-foreground">
            Your plan, what you have used this billing cycle and every credit that came and went.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/pricing">Change plan</Link>
          </Button>
          <Button onClick={() => setBuying(true)}>
            <Plus aria-hidden />
            Buy credits
          </Button>
        </div>
      </div>

      <CheckoutReturn />

      {credits.isError ? (
        <LoadError message="Failed to fetch credits" onRetry={() => void credits.refetch()} />
      ) : !credits.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1.6fr_1fr]" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : (
        <>
          <AccountSummary account={credits.data} />
          <UsageChartCard account={credits.data} />
          <AutoTopUpCard account={credits.data} payments={payments} />
        </>
      )}

      <TransactionHistory activities={activities} />
      <PriceList prices={pricing.data} error={pricing.isError} onRetry={() => void pricing.refetch()} />
      <PurchaseDialog open={buying} onOpenChange={setBuying} />
    </div>
  );
}
