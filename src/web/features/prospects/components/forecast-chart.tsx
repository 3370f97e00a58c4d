/** The forecast scenarios as grouped bars; recharts is big, so this file is its own lazy chunk. */
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  FORECAST_SCENARIOS,
  type Forecast,
  type ForecastScenario,
  formatMillions,
} from '../../../../shared/prospects.ts';
import { CHART_TOOLTIP_STYLE, SCENARIO_COLORS, SCENARIO_LABELS } from '../format.ts';

const TICK = { fill: 'currentColor', fontSize: 12 };

/** One group of bars: its label and an amount per scenario. */
export type ScenarioRow = { label: string } & Record<ForecastScenario, number>;

/**
 * The scenarios of each row as grouped bars, amounts in millions. `compact`: many rows in a card (thinner bars),
 * and hidden from assistive technology, which reads the card's table instead.
 */
export function ScenarioBars({
  data,
  height,
  compact = false,
}: {
  data: readonly ScenarioRow[];
  height: number;
  compact?: boolean;
}) {
  return (
    <BarChart
      responsive
      accessibilityLayer={!compact}
      style={{ width: '100%', height }}
      data={[...data]}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      barCategoryGap={compact ? '20%' : '25%'}
    >
      <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
      <XAxis dataKey="label" tick={TICK} tickLine={false} axisLine={false} minTickGap={12} />
      <YAxis
        tickFormatter={(value: number) => formatMillions(value)}
        tick={TICK}
        tickLine={false}
        axisLine={false}
        width={compact ? 60 : 64}
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
          radius={compact ? [3, 3, 0, 0] : [4, 4, 0, 0]}
          maxBarSize={compact ? 28 : 48}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

/** A prospect's forecast per timeline. */
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
      <ScenarioBars data={data} height={240} />
    </div>
  );
}
