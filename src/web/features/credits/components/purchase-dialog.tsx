import { Check, Info, Loader2, Lock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { CREDIT_TOASTS } from '../../../../shared/credits.ts';
import {
  CREDIT_PACKAGES,
  type CreditPackage,
  type CreditPackageId,
  DEFAULT_CREDIT_PACKAGE_ID,
  formatCredits,
  formatPrice,
  hasPriorityProcessing,
  PRIORITY_PROCESSING_PERK,
  packageCredits,
} from '../../../../shared/pricing.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import {
  formatDay,
  goToCheckout,
  isCheckout,
  newIdempotencyKey,
  type PaymentMode,
  useCredits,
  usePaymentMode,
  usePurchase,
} from '../../../lib/credits.ts';
import { toast } from '../../../lib/toast.ts';

function perks(pkg: CreditPackage): string[] {
  const list = [`${formatCredits(pkg.credits)} credits`];
  if (pkg.bonus) list.push(`+${formatCredits(pkg.bonus)} bonus credits`);
  if (hasPriorityProcessing(pkg)) list.push(PRIORITY_PROCESSING_PERK);
  return list;
}

function PackageOption({
  pkg,
  name,
  checked,
  disabled,
  onSelect,
}: {
  pkg: CreditPackage;
  name: string;
  checked: boolean;
  disabled: boolean;
  onSelect: (id: CreditPackageId) => void;
}) {
  const id = `${name}-${pkg.id}`;
  return (
    <label
      htmlFor={id}
      data-package={pkg.id}
      className={cn(
        'relative flex cursor-pointer flex-col gap-3 rounded-xl border bg-card p-4 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background',
        checked ? 'border-primary ring-1 ring-primary' : 'hover:border-foreground/30',
        disabled && 'cursor-not-allowed opacity-70',
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={pkg.id}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(pkg.id)}
        className="sr-only"
        // Named by the package alone; the rest of the card is its description.
        aria-labelledby={`${id}-name`}
        aria-describedby={[pkg.popular && `${id}-badge`, `${id}-desc`, `${id}-details`]
          .filter(Boolean)
          .join(' ')}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span id={`${id}-name`}>{pkg.name}</span>
            {pkg.popular && <Badge id={`${id}-badge`}>Most Popular</Badge>}
          </p>
          <p id={`${id}-desc`} className="mt-0.5 text-sm text-muted-foreground">
            {pkg.description}
          </p>
        </div>
        <span
          aria-hidden
          className={cn(
            'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border',
            checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
          )}
        >
          {checked && <Check className="size-3.5" strokeWidth={3} />}
        </span>
      </div>
      <div id={`${id}-details`} className="flex flex-col gap-3">
        <p className="flex items-baseline justify-between gap-2">
          <span className="text-2xl font-semibold tracking-tight tabular-nums">{formatPrice(pkg.price)}</span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {formatPrice(pkg.pricePerCredit)} per credit
          </span>
        </p>
        <ul className="space-y-1.5 text-sm">
          {perks(pkg).map((perk) => (
            <li key={perk} className="flex items-center gap-2">
              <Check className="size-4 shrink-0 text-success" aria-hidden />
              {perk}
            </li>
          ))}
        </ul>
      </div>
    </label>
  );
}

type PurchaseDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Spec 2 §2.2 'Purchase Credits': four packages, Professional preselected; Purchase reads 'Processing...'
 * while the payment runs (the demo's two seconds, or until the browser has left for Stripe Checkout);
 * success closes the dialog, a failure keeps it open.
 */
export function PurchaseDialog({ open, onOpenChange }: PurchaseDialogProps) {
  const purchase = usePurchase();
  // Asked while the dialog is closed, so it opens with the right payment notice.
  const payments = usePaymentMode();
  const [leaving, setLeaving] = useState(false);
  // Back from Stripe through the browser's back/forward cache: the page is live again, not leaving.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  const busy = purchase.isPending || leaving;
  // The payment cannot be called back once sent: the dialog stays until it has answered.
  const setOpen = (next: boolean) => {
    if (!next && busy) return;
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-2xl" data-purchase-dialog="">
        {/* Mounted per opening, so every opening starts from the preselected package. */}
        <PurchaseForm
          purchase={purchase}
          payments={payments}
          pending={busy}
          onLeave={() => setLeaving(true)}
          onDone={() => onOpenChange(false)}
          onCancel={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Says how the package is paid for; nothing until the server has said which way. */
function PaymentNotice({ payments }: { payments: PaymentMode | undefined }) {
  if (!payments) return null;
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-dashed bg-muted/50 px-3 py-2.5 text-sm"
      data-payment-notice={payments}
    >
      {payments === 'demo' ? (
        <>
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            <strong className="font-medium">Demo payment:</strong> no card is charged and no payment details
            are asked for. The credits are added for free.
          </span>
        </>
      ) : (
        <>
          <Lock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            <strong className="font-medium">Secure payment with Stripe:</strong> you pay on Stripe&rsquo;s
            secure checkout page. The credits are added to your account as soon as Stripe confirms the
            payment.
          </span>
        </>
      )}
    </p>
  );
}

function PurchaseForm({
  purchase,
  payments,
  pending,
  onLeave,
  onDone,
  onCancel,
}: {
  purchase: ReturnType<typeof usePurchase>;
  payments: PaymentMode | undefined;
  /** Paying, or on the way to Stripe Checkout. */
  pending: boolean;
  onLeave: () => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [selected, setSelected] = useState<CreditPackageId>(DEFAULT_CREDIT_PACKAGE_ID);
  const name = useId();
  const cycleEnd = useCredits().data?.billingCycleEnd;
  const pkg = CREDIT_PACKAGES.find((p) => p.id === selected) ?? CREDIT_PACKAGES[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || !pkg) return;
    purchase.mutate(
      // One key per submission: a retry of this request is recognised, a new click is a new purchase.
      { packageId: pkg.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (result) => {
          if (isCheckout(result)) {
            // 'Processing...' stays until the browser has left; the toast comes back with the user.
            try {
              goToCheckout(result);
              onLeave();
            } catch (err) {
              console.error(err);
              toast({ ...CREDIT_TOASTS.purchaseError, variant: 'destructive' });
            }
            return;
          }
          onDone();
          toast(CREDIT_TOASTS.purchaseSuccess(result.creditsAdded));
        },
        onError: (err) => {
          // The server answered and refused ('Purchase Failed'), or it could not be reached ('Purchase Error').
          const text = err instanceof ApiError ? CREDIT_TOASTS.purchaseFailed : CREDIT_TOASTS.purchaseError;
          toast({ ...text, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} aria-busy={pending}>
      <DialogHeader>
        <DialogTitle>Purchase Credits</DialogTitle>
        <DialogDescription>
          Choose a credit package. The credits are added to your account as soon as the purchase completes.
        </DialogDescription>
        {/* No rollover (the credit FAQ): a package tops up this cycle only, so the buyer is told before paying. */}
        <p className="text-sm text-muted-foreground" data-package-expiry="">
          Package credits are used within your current billing cycle
          {cycleEnd ? ` (until ${formatDay(cycleEnd)})` : ''} and do not roll over.
        </p>
      </DialogHeader>

      <PaymentNotice payments={payments} />

      <fieldset className="grid gap-3 sm:grid-cols-2" disabled={pending}>
        <legend className="sr-only">Credit package</legend>
        {CREDIT_PACKAGES.map((option) => (
          <PackageOption
            key={option.id}
            pkg={option}
            name={name}
            checked={option.id === selected}
            disabled={pending}
            onSelect={setSelected}
          />
        ))}
      </fieldset>

      {/* On a phone the packages scroll; the total and the buttons stay in view. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t bg-background px-6 py-4 sm:static sm:m-0 sm:flex-row sm:items-center sm:justify-between sm:border-0 sm:p-0">
        {pkg && (
          <p className="text-sm text-muted-foreground">
            You get <span className="font-medium text-foreground">{formatCredits(packageCredits(pkg))}</span>{' '}
            credits for <span className="font-medium text-foreground">{formatPrice(pkg.price)}</span>
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {pending ? 'Processing...' : 'Purchase'}
          </Button>
        </div>
      </div>
    </form>
  );
}
