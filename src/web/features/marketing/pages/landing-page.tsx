import { ComponentBoundary } from '../../../components/error-boundaries.tsx';
import { AgentShowcase } from '../components/agent-showcase.tsx';
import { CtaSection } from '../components/cta-section.tsx';
import { HeroSection } from '../components/hero-section.tsx';
import { PricingTeaser } from '../components/pricing-teaser.tsx';
import { SourcesSection } from '../components/sources-section.tsx';
import { StatsSection } from '../components/stats-section.tsx';
import { WhySection } from '../components/why-section.tsx';

/** The public landing page (spec 1 §2.2); header, footer and auth modal come from the public layout. */
export function LandingPage() {
  return (
    <main>
      <div className="relative isolate overflow-hidden">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] mask-[radial-gradient(ellipse_70%_55%_at_50%_0%,black_30%,transparent_100%)] bg-size-[56px_56px] opacity-60"
        />
        <div
          aria-hidden
          className="absolute inset-x-0 top-0 -z-10 h-[44rem] bg-[radial-gradient(55%_60%_at_50%_0%,color-mix(in_oklab,var(--color-primary)_22%,transparent),transparent)]"
        />
        <HeroSection />
        <StatsSection />
        <CtaSection />
      </div>
      <SourcesSection />
      <ComponentBoundary name="agent-showcase">
        <AgentShowcase />
      </ComponentBoundary>
      <WhySection />
      <PricingTeaser />
    </main>
  );
}
