import { Gauge } from 'lucide-react';
import { formatCredits } from '../../../../../shared/pricing.ts';

/** The fields of a user_credits row the card needs. */
export type CurrentPlanAccount = { plan_type: string; total_credits: number; used_credits: number };

/** Plan type and remaining credits of total credits; the page renders it only once credits are loaded. */
export function CurrentPlanCard({ account }: { account: CurrentPlanAccount }) {
  const remaining = Math.max(0, account.total_credits - account.used_credits);
  const share = account.total_credits > 0 ? Math.round((remaining / account.total_credits) * 100) : 0;
  const planName = account.plan_type.charAt(0).toUpperCase() + account.plan_type.slice(1);
  return (
    <section
      aria-label="Current plan"
      data-current-plan={account.plan_type}
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 rounded-2xl border bg-card p-5 text-card-foreground sm:flex-row sm:items-center sm:gap-6"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Gauge className="size-5" aria-hidden />
        </span>
        <div>
          <p className="text-sm text-muted-foreground">Current plan</p>
          <p className="font-semibold">{planName}</p>
        </div>
      </div>
      <div className="flex-1">
        <p className="text-sm">
          <span className="font-semibold tabular-nums" data-remaining-credits="">
            {formatCredits(remaining)}
          </span>{' '}
          <span className="text-muted-foreground">
            of {formatCredits(account.total_credits)} credits remaining
          </span>
        </p>
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
    </section>
  );
}
