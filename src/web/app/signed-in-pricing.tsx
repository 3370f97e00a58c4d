/** The signed-in parts of `/pricing`, in a chunk of their own (see pricing-route.tsx). */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { CREDIT_TOASTS } from '../../shared/credits.ts';
import type { Plan } from '../../shared/pricing.ts';
import { PurchaseDialog } from '../features/credits/components/purchase-dialog.tsx';
import { PricingPage } from '../features/marketing/pages/pricing-page.tsx';
import { planScheduledToast, useChangePlan, useCredits } from '../lib/credits.ts';
import { toast, toastFailure } from '../lib/toast.ts';
import { claimQueryCache, queryClient } from './query-client.ts';

function CreditPricingPage() {
  const credits = useCredits();
  const changePlan = useChangePlan();
  const [buying, setBuying] = useState(false);

  const selectPlan = (plan: Plan) => {
    if (changePlan.isPending) return;
    changePlan.mutate(plan.id, {
      // The server applies an upgrade now and a downgrade at the end of the cycle (both FAQs say so).
      onSuccess: ({ change, account }) =>
        toast(
          change === 'upgrade'
            ? CREDIT_TOASTS.planUpdated(plan.name)
            : planScheduledToast(plan.name, account.billingCycleEnd),
        ),
      onError: (err) => toastFailure('Plan Update Failed', err),
    });
  };

  return (
    <>
      <PricingPage
        account={credits.data ?? null}
        onSelectPlan={selectPlan}
        changingPlanId={changePlan.isPending ? changePlan.variables : null}
        onBuyCredits={() => setBuying(true)}
      />
      <PurchaseDialog open={buying} onOpenChange={setBuying} />
    </>
  );
}

/** `/pricing` for a signed-in user: shares the app's data cache, so the balance is the same everywhere. */
export function SignedInPricing({ userId }: { userId: string }) {
  claimQueryCache(userId);
  return (
    <QueryClientProvider client={queryClient}>
      <CreditPricingPage />
    </QueryClientProvider>
  );
}
