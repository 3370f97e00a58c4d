import { useState } from 'react';
import { AGENTS } from '../../../../shared/agents.ts';
import { HERO_STATS } from '../../../../shared/marketing.ts';
import { ENHANCED_ANNUAL_SAVING, ENHANCED_PAGE_FAQ, ENHANCED_PLANS } from '../../../../shared/pricing.ts';
import { BillingToggle } from '../components/pricing/billing-toggle.tsx';
import { EnhancedPlanCard } from '../components/pricing/enhanced-plan-card.tsx';
import { EnhancedPricingCta } from '../components/pricing/enhanced-pricing-cta.tsx';
import { FaqSection } from '../components/pricing/faq-section.tsx';
import { FeatureComparisonTable } from '../components/pricing/feature-comparison-table.tsx';
import { PricingAgentList } from '../components/pricing/pricing-agent-list.tsx';
import { PricingStats } from '../components/pricing/pricing-stats.tsx';

/** The enhanced pricing page at /enhanced-pricing (spec 2 §2.3). Billing period defaults to monthly. */
export function EnhancedPricingPage() {
  const [annual, setAnnual] = useState(false);

  return (
    <main className="px-4 pt-16 pb-24 sm:px-6 sm:pt-20 lg:px-8">
      <div className="mx-auto flex max-w-7xl flex-col gap-20 sm:gap-24">
        <div className="flex flex-col gap-12">
          <header className="flex flex-col items-center text-center">
            <p className="text-sm font-medium text-primary">Pricing</p>
            <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
              Pricing that scales with your pipeline
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-muted-foreground text-pretty">
              Start free, then put AI agents and 130+ data sources to work as your team grows. Unlimited users
              on every plan.
            </p>
          </header>
          <PricingStats stats={HERO_STATS} />
        </div>

        <section aria-labelledby="enhanced-plans-heading" className="flex flex-col items-center gap-10">
          <h2 id="enhanced-plans-heading" className="sr-only">
            Plans
          </h2>
          <BillingToggle annual={annual} onAnnualChange={setAnnual} saving={ENHANCED_ANNUAL_SAVING} />
          <div className="grid w-full gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5 xl:gap-4">
            {ENHANCED_PLANS.map((plan) => (
              <EnhancedPlanCard key={plan.id} plan={plan} annual={annual} />
            ))}
          </div>
        </section>

        <FeatureComparisonTable />

        <PricingAgentList agents={AGENTS} />

        <FaqSection
          title="Frequently asked questions"
          description="Runs, billing and plan changes, answered."
          items={ENHANCED_PAGE_FAQ}
        />

        <EnhancedPricingCta />
      </div>
    </main>
  );
}
