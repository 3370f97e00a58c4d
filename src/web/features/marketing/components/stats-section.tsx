import { HERO_STATS } from '../../../../shared/marketing.ts';

/** The four stat cards under the hero (spec 1 §2.2). */
export function StatsSection() {
  return (
    <section data-section="stats" aria-labelledby="stats-heading" className="px-4 pt-12 sm:px-6 lg:px-8">
      <h2 id="stats-heading" className="sr-only">
        Prospector in numbers
      </h2>
      <dl className="mx-auto grid max-w-4xl grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {HERO_STATS.map((stat) => (
          <div
            key={stat.label}
            data-stat=""
            className="flex flex-col-reverse rounded-2xl border bg-card/80 px-4 py-5 text-center shadow-xs backdrop-blur-sm"
          >
            <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
