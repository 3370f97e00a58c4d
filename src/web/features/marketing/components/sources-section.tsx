import { DATA_UNIVERSE, PLATFORM_STATS } from '../../../../shared/marketing.ts';
import { MarketingImage } from './marketing-image.tsx';
import { SectionHeader } from './section-header.tsx';

/** 130+ premium data sources, 99.7% uptime SLA and 24/7 availability, with the data universe (spec 1 §1, §2.2). */
export function SourcesSection() {
  return (
    <section
      data-section="sources"
      aria-labelledby="sources-heading"
      className="border-y bg-muted/40 px-4 py-20 sm:px-6 sm:py-28 lg:px-8"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeader
            id="sources-heading"
            align="left"
            eyebrow="Data"
            title="130+ premium data sources, one place to act on them"
            description="Firmographics, people and roles, job postings and buying signals meet the documents your own team has written, so every agent works from the same picture of your market."
          />
          <dl className="mt-10 grid grid-cols-3 divide-x rounded-2xl border bg-card">
            {PLATFORM_STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse justify-end px-3 py-5 text-center sm:px-5"
              >
                <dt className="mt-1 text-xs text-muted-foreground sm:text-sm">{stat.label}</dt>
                <dd className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>

        <div className="relative isolate overflow-hidden rounded-3xl border bg-card p-6 shadow-xs sm:p-10">
          <MarketingImage
            name="abstract"
            alt=""
            width={800}
            height={500}
            className="absolute inset-0 -z-10 size-full object-cover opacity-70 dark:opacity-35"
          />
          <p className="text-sm font-semibold text-foreground">The data universe</p>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4">
            {DATA_UNIVERSE.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-2xl border bg-background/85 p-4 backdrop-blur-sm sm:p-6"
              >
                <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
