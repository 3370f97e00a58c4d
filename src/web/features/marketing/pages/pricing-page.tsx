import { lazy, Suspense, useState } from 'react';
import {
  AUTH_REQUIRED_TOAST,
  CREDIT_ANNUAL_SAVING,
  CREDIT_PAGE_FAQ,
  PLANS,
  type Plan,
} from '../../../../shared/pricing.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { toast } from '../../../lib/toast.ts';
import { BillingToggle } from '../components/pricing/billing-toggle.tsx';
import { CreditPlanCard } from '../components/pricing/credit-plan-card.tsx';
import { CreditPricingCta } from '../components/pricing/credit-pricing-cta.tsx';
import { type CurrentPlanAccount, CurrentPlanCard } from '../components/pricing/current-plan-card.tsx';
import { FaqSection } from '../components/pricing/faq-section.tsx';
import { NeedMoreCreditsCard } from '../components/pricing/need-more-credits-card.tsx';

// Only a signed-in user changes plans: visitors, and the prerendered page, never download Radix Dialog (~13 KB gzip).
const PlanChangeDialog = lazy(() =>
  import('../components/pricing/plan-change-dialog.tsx').then((m) => ({ default: m.PlanChangeDialog })),
);

/** A visitor cannot use, add or change credits (spec 2 §5): say so, then offer the sign-in modal. */
function promptSignIn(): void {
  toast({ ...AUTH_REQUIRED_TOAST, variant: 'destructive' });
  openAuthModal('login');
}

/**
 * What a signed-in user adds to the page; `src/web/app/` supplies it (the credits code loads in its own chunk
 * only for signed-in users, keeping this public page light). Without handlers, a visitor is asked to sign in.
 */
export type PricingPageProps = {
  /** The signed-in user's credit account once loaded; null/undefined for a visitor (no current-plan card). */
  account?: CurrentPlanAccount | null;
  /** Plan change for a signed-in user, once confirmed in the plan change dialog. Never called for Free. */
  onSelectPlan?: (plan: Plan) => void;
  /** The plan whose change is on its way (its button waits). */
  changingPlanId?: Plan['id'] | null;
  /** Opens the credit purchase dialog for a signed-in user. */
  onBuyCredits?: () => void;
};

/** The credit pricing page 'Choose Your Plan' (spec 2 §2.1). */
export function PricingPage({
  account = null,
  onSelectPlan,
  changingPlanId = null,
  onBuyCredits,
}: PricingPageProps = {}) {
  const [annual, setAnnual] = useState(false);
  // The plan whose change waits for the user's confirmation (issue 21: a click alone changed the plan).
  const [chosen, setChosen] = useState<Plan | null>(null);

  const selectPlan = (plan: Plan) => {
    if (plan.id === 'free') return; // spec 2 §4: selecting the Free plan does nothing
    if (!onSelectPlan) promptSignIn();
    // The dialog states what changes, from the account: until it is loaded, a click waits.
    else if (account) setChosen(plan);
  };
  const buyCredits = onBuyCredits ?? promptSignIn;

  return (
    <main className="px-4 pt-16 pb-24 sm:px-6 sm:pt-20 lg:px-8">
      <div className="mx-auto flex max-w-6xl flex-col gap-16 sm:gap-20">
        <header className="flex flex-col items-center text-center">
          <p className="text-sm font-medium text-primary">Pricing</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Choose Your Plan
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground text-pretty">
            Credit-based plans for enrichment, contact discovery, and email and phone finding. Start free and
            upgrade as your pipeline grows.
          </p>
          <BillingToggle
            className="mt-8"
            annual={annual}
            onAnnualChange={setAnnual}
            saving={CREDIT_ANNUAL_SAVING}
          />
        </header>

        {account && <CurrentPlanCard account={account} />}

        <section aria-labelledby="plans-heading" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <h2 id="plans-heading" className="sr-only">
            Plans
          </h2>
          {PLANS.map((plan) => (
            <CreditPlanCard
              key={plan.id}
              plan={plan}
              annual={annual}
              isCurrent={account?.planType === plan.id}
              changing={changingPlanId === plan.id}
              disabled={changingPlanId !== null}
              onSelect={selectPlan}
            />
          ))}
        </section>

        <NeedMoreCreditsCard onBuyCredits={buyCredits} />

        <FaqSection
          title="Frequently Asked Questions"
          description="Everything you need to know about credits and plans."
          items={CREDIT_PAGE_FAQ}
        />

        <CreditPricingCta onStart={buyCredits} />
      </div>
      {account && onSelectPlan && (
        <Suspense fallback={null}>
          <PlanChangeDialog
            plan={chosen}
            account={account}
            onCancel={() => setChosen(null)}
            onConfirm={(plan) => {
              setChosen(null);
              onSelectPlan(plan);
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
