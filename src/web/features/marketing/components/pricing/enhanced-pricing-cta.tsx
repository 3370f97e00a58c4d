import { ArrowRight, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { FREE_TRIAL_NOTE } from '../../../../../shared/marketing.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { openAuthModal } from '../../../../lib/auth-modal.ts';

/** Closing call to action of /enhanced-pricing. */
export function EnhancedPricingCta() {
  return (
    <section
      aria-labelledby="enhanced-cta-heading"
      className="rounded-2xl border bg-accent/60 px-6 py-12 text-center sm:px-12 sm:py-16"
    >
      <h2
        id="enhanced-cta-heading"
        className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
      >
        Put your AI sales team to work today
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground text-pretty">
        Research accounts, find the right people and answer buyers faster, with agents that run on your own
        data.
      </p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Button size="lg" className="w-full sm:w-auto" onClick={() => openAuthModal('signup')}>
          Start free trial
          <ArrowRight aria-hidden />
        </Button>
        <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
          <Link to="/contact">Contact sales</Link>
        </Button>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">{FREE_TRIAL_NOTE}</p>
      {/* Spec 2 §2.3: the footer action that starts building opens /app in a new tab. */}
      <a
        href="/app"
        target="_blank"
        rel="noopener noreferrer"
        className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Start building in the app
        <ExternalLink aria-hidden className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </section>
  );
}
