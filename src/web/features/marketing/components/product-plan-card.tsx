import { Link } from 'react-router';
import { formatPrice, type ProductOverviewPlan } from '../../../../shared/pricing.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { cn } from '../../../lib/cn.ts';
import { CheckList } from './check-list.tsx';

/** One plan of the product overview (spec 2 §2.5); the spec gives no billing period, so none is shown. */
export function ProductPlanCard({ plan }: { plan: ProductOverviewPlan }) {
  const headingId = `product-plan-${plan.name.toLowerCase()}`;
  const contact = plan.price === null;
  return (
    <article
      aria-labelledby={headingId}
      data-plan={plan.name.toLowerCase()}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-xs sm:p-8',
        plan.popular && 'border-primary shadow-lg ring-1 ring-primary',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {plan.name}
        </h3>
        {plan.popular && <Badge>Popular</Badge>}
      </div>
      <p className="mt-2 text-sm text-muted-foreground sm:min-h-10">{plan.description}</p>
      <p className="mt-6 text-4xl font-semibold tracking-tight tabular-nums">
        {contact ? 'Custom' : formatPrice(plan.price ?? 0)}
      </p>
      {contact ? (
        <Button asChild variant="outline" className="mt-6 w-full">
          <Link to="/contact">{plan.cta}</Link>
        </Button>
      ) : (
        <Button
          variant={plan.popular ? 'default' : 'outline'}
          className="mt-6 w-full"
          onClick={() => openAuthModal('signup')}
        >
          {plan.cta}
        </Button>
      )}
      <CheckList className="mt-6 space-y-2.5 border-t pt-6 text-sm" items={plan.features} />
    </article>
  );
}
