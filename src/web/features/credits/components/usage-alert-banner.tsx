import { TriangleAlert, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { formatCredits } from '../../../../shared/pricing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { type CreditAccount, formatDay, useCredits } from '../../../lib/credits.ts';

// Only opened from a click; the banner itself shows on every signed-in page.
const PurchaseDialog = lazy(() =>
  import('./purchase-dialog.tsx').then((m) => ({ default: m.PurchaseDialog })),
);

/** Where the dismissal is remembered: `{cycle start}:{level}`, so the next level or cycle shows again. */
export const ALERT_DISMISSED_KEY = 'credits-alert-dismissed';

const dismissalOf = (account: CreditAccount, level: number) => `${account.billingCycleStart}:${level}`;

function readDismissal(): string | null {
  try {
    return localStorage.getItem(ALERT_DISMISSED_KEY);
  } catch {
    return null;
  }
}

function writeDismissal(value: string): void {
  try {
    localStorage.setItem(ALERT_DISMISSED_KEY, value);
  } catch (err) {
    console.warn('Could not remember the dismissed credit alert', err);
  }
}

/** The enhanced-pricing FAQ's usage notifications: at 80 % and 100 % of the cycle's credits, in the app. */
export function UsageAlertBanner() {
  const { data: account } = useCredits();
  const [dismissed, setDismissed] = useState(readDismissal);
  const [buying, setBuying] = useState(false);
  const level = account ? Math.max(0, ...account.alerts.filter((a) => a === 80 || a === 100)) : 0;

  const visible = account !== undefined && level > 0 && dismissed !== dismissalOf(account, level);
  return (
    <>
      {visible && (
        <section
          aria-label="Credit usage alert"
          data-usage-alert={level}
          className={cn(
            'relative flex flex-col gap-3 border-b px-4 py-3 sm:flex-row sm:items-center sm:px-8',
            level >= 100 ? 'bg-destructive/10' : 'bg-accent/70',
          )}
        >
          <TriangleAlert
            className={cn(
              'hidden size-5 shrink-0 sm:block',
              level >= 100 ? 'text-destructive' : 'text-primary',
            )}
            aria-hidden
          />
          <p className="min-w-0 flex-1 pr-8 text-sm sm:pr-0">
            <strong className="font-semibold">
              {level >= 100
                ? 'You have used all your credits for this billing cycle.'
                : 'You have used 80% of your credits for this billing cycle.'}
            </strong>{' '}
            {level >= 100
              ? `Buy credits or upgrade your plan to keep the agents working. Your credits renew on ${formatDay(account.billingCycleEnd)}.`
              : `${formatCredits(Math.max(0, account.remainingCredits))} of ${formatCredits(account.totalCredits)} credits remain until ${formatDay(account.billingCycleEnd)}.`}
          </p>
          <div className="flex shrink-0 items-center gap-2">
            <Button size="sm" onClick={() => setBuying(true)}>
              Buy credits
            </Button>
            <Button size="sm" variant="outline" asChild>
              <Link to="/credits">View usage</Link>
            </Button>
          </div>
          <Button
            size="icon"
            variant="ghost"
            className="absolute top-2 right-2 size-8 sm:static"
            aria-label="Dismiss credit usage alert"
            onClick={() => {
              const value = dismissalOf(account, level);
              writeDismissal(value);
              setDismissed(value);
            }}
          >
            <X aria-hidden />
          </Button>
        </section>
      )}
      {buying && (
        <Suspense fallback={null}>
          <PurchaseDialog open={buying} onOpenChange={setBuying} />
        </Suspense>
      )}
    </>
  );
}
