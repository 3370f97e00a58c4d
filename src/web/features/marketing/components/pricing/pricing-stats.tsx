import type { Stat } from '../../../../../shared/marketing.ts';

/** The stat tiles under the hero of /enhanced-pricing. */
export function PricingStats({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-stats="">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse rounded-2xl border bg-card px-5 py-6 text-center"
        >
          <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
          <dd className="text-3xl font-semibold tracking-tight text-foreground tabular-nums sm:text-4xl">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
