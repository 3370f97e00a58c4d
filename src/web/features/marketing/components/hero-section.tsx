import { Sparkles } from 'lucide-react';
import { HERO } from '../../../../shared/marketing.ts';

/** Landing hero (spec 1 §2.2): the page's one h1. */
export function HeroSection() {
  return (
    <section
      data-section="hero"
      aria-labelledby="hero-heading"
      className="px-4 pt-16 text-center sm:px-6 sm:pt-24 lg:px-8"
    >
      <p className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-sm font-medium text-muted-foreground shadow-xs">
        <Sparkles className="size-4 text-primary" aria-hidden />
        {HERO.eyebrow}
      </p>
      <h1
        id="hero-heading"
        className="mx-auto mt-6 max-w-4xl text-4xl font-semibold tracking-tight text-balance sm:text-6xl lg:text-7xl"
      >
        {HERO.headline}
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground sm:text-xl">
        {HERO.subheadline}
      </p>
    </section>
  );
}
