import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import {
  formatPrice,
  LANDING_TEASER_BILLING,
  LANDING_TEASER_CREDITS_NOTE,
  LANDING_TEASER_PLANS,
} from '../../../../shared/pricing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { cn } from '../../../lib/cn.ts';
import { MarketingImage } from './marketing-image.tsx';
import { SectionHeader } from './section-header.tsx';

/** The landing page's three yearly-billed plans (spec 2 §2.4); its figures differ from the pricing pages on purpose. */
export function PricingTeaser() {
  return (
    <section
      data-section="pricing-teaser"
      aria-labelledby="pricing-teaser-heading"
      className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8"
    >
      <div className="mx-auto max-w-5xl">
        <SectionHeader
          id="pricing-teaser-heading"
          eyebrow="Pricing"
          title="Simple, transparent pricing"
          description={`${LANDING_TEASER_BILLING}. ${LANDING_TEASER_CREDITS_NOTE}.`}
        />
        <ul className="mt-14 grid gap-5 md:grid-cols-3">
          {LANDING_TEASER_PLANS.map((plan, index) => (
            <li
              key={plan.name}
              data-plan={plan.name.toLowerCase()}
              className={cn(
                'flex flex-col rounded-2xl border bg-card p-6 shadow-xs',
                plan.popular && 'border-primary ring-1 ring-primary',
              )}
            >
              <MarketingImage
                name={`pricing-${index + 1}`}
                alt=""
                width={400}
                height={400}
                className="size-12"
              />
              <h3 className="mt-5 text-lg font-semibold">{plan.name}</h3>
              <p className="mt-3 flex items-baseline gap-1">
                <span className="text-4xl font-semibold tracking-tight tabular-nums">
                  {formatPrice(plan.monthlyPrice)}
                </span>
                <span className="text-sm text-muted-foreground">/month</span>
              </p>
              <p className="mt-1 text-sm font-medium">{plan.credits}</p>
              <p className="mt-1 text-sm text-muted-foreground">{LANDING_TEASER_BILLING}</p>
              <Button
                variant={plan.popular ? 'default' : 'outline'}
                className="mt-6 w-full"
                onClick={() => openAuthModal('signup')}
              >
                Choose {plan.name}
              </Button>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          {LANDING_TEASER_CREDITS_NOTE}.{' '}
          <Link
            to="/enhanced-pricing"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            Compare all plans
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </p>
      </div>
    </section>
  );
}
