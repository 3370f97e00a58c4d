/** The stacked bar chart of credits used per day; recharts is big, so this file is its own lazy chunk. */
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { activityLabel } from '../../../lib/credits.ts';
import { activityColor, type CycleUsage } from '../usage-by-day.ts';

export function UsageChart({ usage }: { usage: CycleUsage }) {
  return (
    // currentColor carries the theme's muted text colour into the SVG's axes and grid.
    <div className="text-muted-foreground">
      <BarChart
        responsive
        style={{ width: '100%', height: 260 }}
        data={usage.days}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        barCategoryGap="20%"
      >
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="label"
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          width={56}
        />
        <Tooltip
          cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
          contentStyle={{
            background: 'var(--color-popover)',
            border: '1px solid var(--color-border)',
            borderRadius: 8,
            color: 'var(--color-popover-foreground)',
            fontSize: 12,
          }}
          labelStyle={{ fontWeight: 600, marginBottom: 4 }}
        />
        {usage.activities.map(({ activityType }) => (
          <Bar
            key={activityType}
            dataKey={activityType}
            name={activityLabel(activityType)}
            stackId="usage"
            fill={activityColor(activityType)}
            maxBarSize={40}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}
