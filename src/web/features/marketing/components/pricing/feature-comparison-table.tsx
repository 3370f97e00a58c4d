import { Check, X } from 'lucide-react';
import {
  ENHANCED_FEATURE_ROWS,
  ENHANCED_PLAN_USERS,
  ENHANCED_PLANS,
  type EnhancedPlan,
  formatCredits,
  planIncludes,
} from '../../../../../shared/pricing.ts';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../../components/ui/table.tsx';
import { cn } from '../../../../lib/cn.ts';

type ValueRow = { label: string; value: (plan: EnhancedPlan) => string };

const USAGE_ROWS: readonly ValueRow[] = [
  { label: 'Users', value: () => ENHANCED_PLAN_USERS },
  { label: 'Credits per year', value: (plan) => plan.creditsPerYear ?? 'Custom' },
  { label: 'Rows per search', value: (plan) => formatCredits(plan.searchLimit) },
];

const stickyCell = 'sticky left-0 z-10 bg-background';
const planCell = (plan: EnhancedPlan) => cn('text-center', plan.popular && 'bg-primary/5');

function GroupRow({ title }: { title: string }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableHead
        scope="rowgroup"
        colSpan={ENHANCED_PLANS.length + 1}
        className="h-auto bg-muted/60 px-4 pt-5 pb-2 text-xs font-semibold tracking-wide text-foreground uppercase"
      >
        {title}
      </TableHead>
    </TableRow>
  );
}

/** Feature comparison across the five plans; scrolls sideways on small screens with the feature column pinned. */
export function FeatureComparisonTable() {
  return (
    <section aria-labelledby="compare-heading" className="w-full">
      <div className="mb-8 text-center">
        <h2 id="compare-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Compare plans
        </h2>
        <p className="mt-3 text-muted-foreground">Every plan includes unlimited users.</p>
        <p className="mt-2 text-sm text-muted-foreground md:hidden">Scroll sideways to see every plan.</p>
      </div>
      <div className="rounded-2xl border">
        <Table
          scrollLabel="Plan comparison"
          containerClassName="rounded-2xl"
          className="min-w-[720px] table-fixed"
          data-comparison-table=""
        >
          <caption className="sr-only">Features included in each plan</caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col" className={cn(stickyCell, 'w-40 text-foreground sm:w-56')}>
                Feature
              </TableHead>
              {ENHANCED_PLANS.map((plan) => (
                <TableHead
                  key={plan.id}
                  scope="col"
                  className={cn(planCell(plan), 'font-semibold text-foreground')}
                >
                  {plan.name}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <GroupRow title="Usage" />
            {USAGE_ROWS.map((row) => (
              <TableRow key={row.label} className="hover:bg-transparent">
                <TableHead
                  scope="row"
                  className={cn(stickyCell, 'font-normal whitespace-normal text-foreground')}
                >
                  {row.label}
                </TableHead>
                {ENHANCED_PLANS.map((plan) => (
                  <TableCell key={plan.id} className={cn(planCell(plan), 'font-medium tabular-nums')}>
                    {row.value(plan)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableBody>
            <GroupRow title="Features" />
            {ENHANCED_FEATURE_ROWS.map((row) => (
              <TableRow key={row.feature} className="hover:bg-transparent">
                <TableHead
                  scope="row"
                  className={cn(stickyCell, 'font-normal whitespace-normal text-foreground')}
                >
                  {row.feature}
                </TableHead>
                {ENHANCED_PLANS.map((plan) => (
                  <TableCell key={plan.id} className={planCell(plan)}>
                    {planIncludes(plan.id, row) ? (
                      <>
                        <Check className="mx-auto size-4 text-primary" aria-hidden />
                        <span className="sr-only">Included</span>
                      </>
                    ) : (
                      <>
                        <X className="mx-auto size-4 text-muted-foreground/60" aria-hidden />
                        <span className="sr-only">Not included</span>
                      </>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
