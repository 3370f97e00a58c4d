import { ArrowRight } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';

/** Closing block of the credit pricing page. */
export function CreditPricingCta({ onStart }: { onStart: () => void }) {
  return (
    <section
      aria-labelledby="credit-cta-heading"
      className="relative overflow-hidden rounded-2xl border bg-accent/60 px-6 py-12 text-center sm:px-12"
    >
      <h2 id="credit-cta-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        Ready to get started?
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
        Put AI agents to work on your pipeline today: enrich companies, discover contacts and find verified
        emails and phone numbers.
      </p>
      <Button size="lg" className="mt-8" onClick={onStart}>
        Start Free Trial
        <ArrowRight aria-hidden />
      </Button>
    </section>
  );
}
