import { Wallet } from 'lucide-react';
import { CREDIT_PACKAGES, formatPrice } from '../../../../../shared/pricing.ts';
import { Button } from '../../../../components/ui/button.tsx';

const lowestPackagePrice = Math.min(...CREDIT_PACKAGES.map((pkg) => pkg.price));

/** Invitation to top up with a credit package; the page decides what 'Buy Credits' does. */
export function NeedMoreCreditsCard({ onBuyCredits }: { onBuyCredits: () => void }) {
  return (
    <section
      aria-labelledby="need-more-credits-heading"
      className="flex flex-col items-start gap-5 rounded-2xl border bg-card p-6 text-card-foreground sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <Wallet className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id="need-more-credits-heading" className="text-lg font-semibold">
            Need More Credits?
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Top up any plan with a credit package, from {formatPrice(lowestPackagePrice)}. Larger packages
            include bonus credits.
          </p>
        </div>
      </div>
      <Button variant="outline" className="w-full shrink-0 sm:w-auto" onClick={onBuyCredits}>
        Buy Credits
      </Button>
    </section>
  );
}
