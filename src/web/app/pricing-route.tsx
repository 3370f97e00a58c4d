import { type ComponentType, lazy, Suspense } from 'react';
import type { PricingPageProps } from '../features/marketing/pages/pricing-page.tsx';
import { useSession } from '../lib/session.ts';

// The data cache, the credit hooks and the purchase dialog: fetched only once a signed-in user is seen.
const SignedInPricing = lazy(() =>
  import('./signed-in-pricing.tsx').then((m) => ({ default: m.SignedInPricing })),
);

/** Until we know who is there, a click must neither ask a signed-in user to sign in nor act: it waits. */
const wait = () => {};

/**
 * `/pricing` (spec 2 §2.1): the public page for visitors and for the prerendered HTML; for a signed-in user
 * the same page with its current plan, plan changes and the purchase dialog.
 */
export function withSignedInPricing(Page: ComponentType<PricingPageProps>): ComponentType {
  return function PricingRoute() {
    const { ready, user } = useSession({ checkAlways: false });
    if (!ready) return <Page onSelectPlan={wait} onBuyCredits={wait} />;
    if (!user) return <Page />;
    return (
      <Suspense fallback={<Page onSelectPlan={wait} onBuyCredits={wait} />}>
        <SignedInPricing userId={user.id} />
      </Suspense>
    );
  };
}
