import { ArrowRight, CirclePlay } from 'lucide-react';
import { CTA_START_FREE, CTA_WATCH_DEMO, FREE_TRIAL_NOTE } from '../../../../shared/marketing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { CopilotPreview } from './copilot-preview.tsx';

/** 'Watch Demo' and 'Start building for free' (spec 1 §2.2): both open the sign-up modal. */
export function CtaSection() {
  return (
    <section
      data-section="cta"
      aria-labelledby="cta-heading"
      className="px-4 pt-10 pb-20 text-center sm:px-6 sm:pb-28 lg:px-8"
    >
      <h2 id="cta-heading" className="sr-only">
        Get started
      </h2>
      <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Button
          size="lg"
          variant="outline"
          className="w-full sm:w-auto"
          onClick={() => openAuthModal('signup')}
        >
          <CirclePlay aria-hidden />
          {CTA_WATCH_DEMO}
        </Button>
        <Button size="lg" className="w-full sm:w-auto" onClick={() => openAuthModal('signup')}>
          {CTA_START_FREE}
          <ArrowRight aria-hidden />
        </Button>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">{FREE_TRIAL_NOTE}</p>
      <CopilotPreview />
    </section>
  );
}
