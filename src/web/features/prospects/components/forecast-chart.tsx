/** The forecast scenarios per timeline as grouped bars; recharts is big, so this file is its own lazy chunk. */
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { FORECAST_SCENARIOS, type Forecast, formatMillions } from '../../../../shared/prospects.ts';
import { CHART_TOOLTIP_STYLE, SCENARIO_COLORS, SCENARIO_LABELS } from '../format.ts';

export function ForecastChart({ forecasts }: { forecasts: readonly Forecast[] }) {
  const data = forecasts.map((f) => ({
    label: `${f.timelineDays} days`,
    conservative: f.conservativeAmount,
    realistic: f.realisticAmount,
    optimistic: f.optimisticAmount,
  }));
  return (
    // currentColor carries the theme's muted text colour into the SVG's axes and grid.
    <div className="text-muted-foreground" data-forecast-chart>
      <BarChart
        responsive
        style={{ width: '100%', height: 240 }}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        barCategoryGap="25%"
        accessibilityLayer
      >
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="label"
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
        />
        <YAxis
          tickFormatter={(value: number) => formatMillions(value)}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          width={64}
        />
        <Tooltip
          cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
          formatter={(value) => formatMillions(Number(value))}
          contentStyle={CHART_TOOLTIP_STYLE}
          labelStyle={{ fontWeight: 600, marginBottom: 4 }}
        />
        {FORECAST_SCENARIOS.map((scenario) => (
          <Bar
            key={scenario}
            dataKey={scenario}
            name={SCENARIO_LABELS[scenario]}
            fill={SCENARIO_COLORS[scenario]}
            radius={[4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}
