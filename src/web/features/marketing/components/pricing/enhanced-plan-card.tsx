import { Link } from 'react-router';
import {
  ENHANCED_FEATURE_ROWS,
  ENHANCED_PLAN_ORDER,
  ENHANCED_PLAN_USERS,
  ENHANCED_PLANS,
  type EnhancedPlan,
  formatCredits,
  formatPrice,
} from '../../../../../shared/pricing.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { openAuthModal } from '../../../../lib/auth-modal.ts';
import { cn } from '../../../../lib/cn.ts';
import { CheckList } from '../check-list.tsx';

/** The plan below this one, for the "Everything in X, plus" line. */
function previousPlan(plan: EnhancedPlan): EnhancedPlan | undefined {
  const index = ENHANCED_PLAN_ORDER.indexOf(plan.id);
  return index > 0 ? ENHANCED_PLANS.find((p) => p.id === ENHANCED_PLAN_ORDER[index - 1]) : undefined;
}

/** One plan of /enhanced-pricing. Annual billing strikes through the monthly price and shows the annual one. */
export function EnhancedPlanCard({ plan, annual }: { plan: EnhancedPlan; annual: boolean }) {
  const headingId = `enhanced-plan-${plan.id}-name`;
  const base = previousPlan(plan);
  const newFeatures = ENHANCED_FEATURE_ROWS.filter((row) => row.from === plan.id);
  const price = annual ? plan.annualMonthlyPrice : plan.monthlyPrice;
  const discounted = annual && plan.monthlyPrice !== null && plan.monthlyPrice !== plan.annualMonthlyPrice;

  return (
    <article
      aria-labelledby={headingId}
      data-plan={plan.id}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-xs',
        plan.popular && 'border-primary shadow-lg ring-1 ring-primary',
      )}
    >
      <div className="flex min-h-6 items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {plan.name}
        </h3>
        {plan.highlight && <Badge>{plan.highlight}</Badge>}
      </div>
      <p className="mt-2 text-sm sm:min-h-10 text-muted-foreground">{plan.description}</p>

      {/* The struck-through line is always there (empty when not discounted) so toggling never moves the card. */}
      <p className="mt-6 h-5 text-sm text-muted-foreground">
        {discounted && plan.monthlyPrice !== null && (
          <>
            <span className="sr-only">Regular price</span>
            <s data-original-price="" className="tabular-nums">
              {formatPrice(plan.monthlyPrice)}
            </s>
            <span>/month</span>
          </>
        )}
      </p>
      <p className="flex h-11 items-baseline gap-1">
        {price === null ? (
          <span data-price="" className="text-4xl font-semibold tracking-tight">
            Custom
          </span>
        ) : (
          <>
            {discounted && <span className="sr-only">Now</span>}
            <span data-price="" className="text-4xl font-semibold tracking-tight tabular-nums">
              {formatPrice(price)}
            </span>
            <span className="text-sm text-muted-foreground">/month</span>
          </>
        )}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">
        {price === null ? 'Tailored to your volume' : annual ? 'Billed annually' : 'Billed monthly'}
      </p>

      {plan.cta.action === 'contact' ? (
        <Button asChild variant="outline" className="mt-6 w-full">
          <Link to="/contact">{plan.cta.label}</Link>
        </Button>
      ) : (
        <Button
          variant={plan.popular ? 'default' : 'outline'}
          className="mt-6 w-full"
          onClick={() => openAuthModal('signup')}
        >
          {plan.cta.label}
        </Button>
      )}

      <ul className="mt-6 space-y-2 border-t pt-6 text-sm">
        <li>
          <span className="font-semibold">{plan.creditsPerYear ?? 'Custom'}</span>{' '}
          <span className="text-muted-foreground">credits/year</span>
        </li>
        <li>
          <span className="font-semibold">{formatCredits(plan.searchLimit)}</span>{' '}
          <span className="text-muted-foreground">rows per search</span>
        </li>
        <li>
          <span className="font-semibold">{ENHANCED_PLAN_USERS}</span>{' '}
          <span className="text-muted-foreground">users</span>
        </li>
      </ul>

      <p className="mt-6 text-sm font-medium">{base ? `Everything in ${base.name}, plus:` : 'Includes:'}</p>
      <CheckList className="mt-3 space-y-2.5 text-sm" items={newFeatures.map((row) => row.feature)} />
    </article>
  );
}
