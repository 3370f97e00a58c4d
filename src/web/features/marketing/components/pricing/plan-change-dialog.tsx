import { ArrowRight, CalendarClock } from 'lucide-react';
import {
  BILLING_CYCLE_MS,
  formatCredits,
  isPlanUpgrade,
  type Plan,
  planName,
} from '../../../../../shared/pricing.ts';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import type { CurrentPlanAccount } from './current-plan-card.tsx';

const DAY = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** What choosing `plan` does to `account`, in the words the dialog uses (the server applies the same rules). */
export function describePlanChange(plan: Plan, account: CurrentPlanAccount, now = new Date()) {
  if (!isPlanUpgrade(account.planType, plan.id)) {
    const when = account.billingCycleEnd
      ? `on ${DAY.format(new Date(account.billingCycleEnd))}`
      : 'at the end of your billing cycle';
    return {
      title: `Downgrade to ${plan.name}`,
      text: `Your plan changes to ${plan.name} ${when}; until then you keep ${planName(account.planType)} and your credits.`,
    };
  }
  // Spec 2 §4: the total is raised to the plan's credits only if that is higher, never lowered.
  const total = account.totalCredits;
  const credits =
    plan.credits > total
      ? `your credits rise from ${formatCredits(total)} to ${formatCredits(plan.credits)}`
      : `your credits stay at ${formatCredits(total)}`;
  const renews = DAY.format(new Date(now.getTime() + BILLING_CYCLE_MS));
  return {
    title: `Upgrade to ${plan.name}`,
    text: `${plan.name} starts now: ${credits}, used credits stay at ${formatCredits(account.usedCredits)}, and a new 30-day cycle starts today, renewing on ${renews}.`,
  };
}

type PlanChangeDialogProps = {
  /** The plan the user chose; null closes the dialog. */
  plan: Plan | null;
  account: CurrentPlanAccount;
  onConfirm: (plan: Plan) => void;
  onCancel: () => void;
};

/** Nothing changes until the user has read what a plan change does and when, and confirmed it. */
export function PlanChangeDialog({ plan, account, onConfirm, onCancel }: PlanChangeDialogProps) {
  const change = plan ? describePlanChange(plan, account) : null;
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent data-plan-change-dialog={plan?.id}>
        {plan && change && (
          <>
            <DialogHeader>
              <DialogTitle>{change.title}</DialogTitle>
              <DialogDescription className="flex items-center gap-2 font-medium text-foreground">
                {planName(account.planType)}
                <ArrowRight className="size-4 text-muted-foreground" aria-hidden />
                {plan.name}
              </DialogDescription>
            </DialogHeader>
            <p
              className="flex items-start gap-3 rounded-lg border bg-muted/50 px-4 py-3 text-sm"
              data-plan-change-text=""
            >
              <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{change.text}</span>
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="button" onClick={() => onConfirm(plan)}>
                Confirm
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
