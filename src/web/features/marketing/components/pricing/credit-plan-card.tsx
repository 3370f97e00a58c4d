import { formatCredits, formatPrice, type Plan } from '../../../../../shared/pricing.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { CheckList } from '../check-list.tsx';

type CreditPlanCardProps = {
  plan: Plan;
  annual: boolean;
  /** The signed-in user's plan: its button is a disabled 'Current Plan'. */
  isCurrent?: boolean;
  /** This plan's change is on its way. */
  changing?: boolean;
  /** Another plan change is on its way. */
  disabled?: boolean;
  onSelect: (plan: Plan) => void;
};

/** One plan of the credit pricing page ('Choose Your Plan'). */
export function CreditPlanCard({
  plan,
  annual,
  isCurrent = false,
  changing = false,
  disabled = false,
  onSelect,
}: CreditPlanCardProps) {
  const headingId = `plan-${plan.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-plan={plan.id}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-xs',
        plan.popular && 'border-primary shadow-lg ring-1 ring-primary',
      )}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 shadow-sm">Most Popular</Badge>
      )}
      <h3 id={headingId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm sm:min-h-10 text-muted-foreground">{plan.description}</p>

      <p className="mt-6 flex items-baseline gap-1">
        <span data-price="" className="text-4xl font-semibold tracking-tight tabular-nums">
          {formatPrice(annual ? plan.annualPrice : plan.monthlyPrice)}
        </span>
        <span className="text-sm text-muted-foreground">{annual ? '/year' : '/month'}</span>
      </p>
      <p className="mt-2 text-sm font-medium text-primary" data-credits="">
        {formatCredits(plan.credits)} credits/month
      </p>

      <Button
        className="mt-6 w-full"
        variant={plan.popular ? 'default' : 'outline'}
        disabled={isCurrent || disabled}
        onClick={() => onSelect(plan)}
      >
        {isCurrent ? 'Current Plan' : changing ? 'Updating...' : 'Get Started'}
      </Button>

      <CheckList className="mt-6 space-y-3 border-t pt-6 text-sm" items={plan.features} />
    </article>
  );
}
