import { CalendarClock, Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { formatCredits, planName } from '../../../../../shared/pricing.ts';

/** The fields of the credit account the card needs (the API's account fits as it is). */
export type CurrentPlanAccount = {
  planType: string;
  totalCredits: number;
  usedCredits: number;
  /** A downgrade waiting for the end of the billing cycle. */
  pendingPlanType?: string | null;
  billingCycleEnd?: string;
};

const DAY = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** Plan type and remaining credits of total credits; the page renders it only once credits are loaded. */
export function CurrentPlanCard({ account }: { account: CurrentPlanAccount }) {
  // Spec 2 §3: the client derives remaining credits as total minus used.
  const remaining = Math.max(0, account.totalCredits - account.usedCredits);
  const share = account.totalCredits > 0 ? Math.round((remaining / account.totalCredits) * 100) : 0;
  return (
    <section
      aria-label="Current plan"
      data-current-plan={account.planType}
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 rounded-2xl border bg-card p-5 text-card-foreground"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Gauge className="size-5" aria-hidden />
          </span>
          <div>
            <p className="text-sm text-muted-foreground">Current plan</p>
            <p className="font-semibold">{planName(account.planType)}</p>
          </div>
        </div>
        <div className="flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="text-sm">
              <span className="font-semibold tabular-nums" data-remaining-credits="">
                {formatCredits(remaining)}
              </span>{' '}
              <span className="text-muted-foreground">
                of {formatCredits(account.totalCredits)} credits remaining
              </span>
            </p>
            <Link to="/credits" className="text-sm font-medium text-primary hover:underline">
              View usage
            </Link>
          </div>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Credits remaining"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
          </div>
        </div>
      </div>
      {account.pendingPlanType && account.billingCycleEnd && (
        <p
          className="flex items-start gap-2 border-t pt-4 text-sm"
          data-pending-plan={account.pendingPlanType}
        >
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            Changes to the <strong>{planName(account.pendingPlanType)}</strong> plan at the end of this
            billing cycle, on {DAY.format(new Date(account.billingCycleEnd))}.
          </span>
        </p>
      )}
    </section>
  );
}
