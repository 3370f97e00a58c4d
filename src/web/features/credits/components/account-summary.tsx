import { CalendarClock, CalendarRange, Gauge, Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCredits, planName } from '../../../../shared/pricing.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { type CreditAccount, formatDay, formatDayRange } from '../../../lib/credits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function Tile({
  icon,
  label,
  children,
  className,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('flex flex-col gap-3 p-5', className)}>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          {icon}
        </span>
        {label}
      </p>
      {children}
    </Card>
  );
}

/** Plan, remaining of total credits with a bar, and the billing cycle (with a waiting downgrade, if any). */
export function AccountSummary({ account }: { account: CreditAccount }) {
  const remaining = Math.max(0, account.remainingCredits);
  const share = account.totalCredits > 0 ? (remaining / account.totalCredits) * 100 : 0;
  const low = share < 20;
  const daysLeft = Math.max(
    0,
    Math.ceil((new Date(account.billingCycleEnd).getTime() - Date.now()) / DAY_MS),
  );

  return (
    <section aria-label="Credit account" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1.6fr_1fr]">
        <Tile icon={<Layers className="size-4" aria-hidden />} label="Current plan">
          <p className="text-2xl font-semibold tracking-tight" data-plan-type={account.planType}>
            {planName(account.planType)}
          </p>
        </Tile>
        <Tile
          icon={<Gauge className="size-4" aria-hidden />}
          label="Credits remaining"
          className="sm:order-last sm:col-span-2 lg:order-none lg:col-span-1"
        >
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-2xl font-semibold tracking-tight tabular-nums" data-remaining-credits="">
              {formatCredits(remaining)}
            </span>
            <span className="text-sm text-muted-foreground">
              of <span data-total-credits="">{formatCredits(account.totalCredits)}</span> credits
            </span>
          </p>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Credits remaining"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share)}
            aria-valuetext={`${formatCredits(remaining)} of ${formatCredits(account.totalCredits)} credits remaining`}
          >
            <div
              className={cn('h-full rounded-full', low ? 'bg-destructive' : 'bg-primary')}
              style={{ width: `${share}%` }}
            />
          </div>
          <p className="text-xs text-muted-foreground">
            {formatCredits(account.usedCredits)}{' '}
            {/* An upgrade starts a new cycle but keeps the credits used before it. */}
            {account.usedSince && account.usedSince < account.billingCycleStart
              ? `used since ${formatDay(account.usedSince)}`
              : 'used this billing cycle'}
          </p>
        </Tile>
        <Tile icon={<CalendarRange className="size-4" aria-hidden />} label="Billing cycle">
          <p className="font-semibold">
            {formatDayRange(account.billingCycleStart, account.billingCycleEnd)}
          </p>
          <p className="text-xs text-muted-foreground">
            {daysLeft === 1 ? 'Renews in 1 day' : `Renews in ${daysLeft} days`}
          </p>
        </Tile>
      </div>
      {account.pendingPlanType && (
        <p
          className="flex items-start gap-3 rounded-xl border border-primary/30 bg-accent/60 px-4 py-3 text-sm"
          data-pending-plan={account.pendingPlanType}
        >
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            Your plan changes to <strong>{planName(account.pendingPlanType)}</strong> at the end of this
            billing cycle, on {formatDay(account.billingCycleEnd)}. Until then you keep the{' '}
            {planName(account.planType)} plan and its credits.
          </span>
        </p>
      )}
    </section>
  );
}
