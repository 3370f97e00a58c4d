/**
 * Account Management's two charts: the pipeline by status (how many prospects, and their realistic forecast) and
 * the forecasts by the month they are expected to close (three scenarios). Each is a figure with a caption and
 * its numbers as a table under "Show as table". recharts is big, so this file is its own lazy chunk.
 */
import { type ReactNode, useId } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts';
import {
  FORECAST_SCENARIOS,
  formatMillions,
  PROSPECT_STATUS_LABELS,
  type ProspectPipeline,
} from '../../../../shared/prospects.ts';
import { Card } from '../../../components/ui/card.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { SCENARIO_COLORS, SCENARIO_LABELS } from '../format.ts';
import { ScenarioBars } from './forecast-chart.tsx';

const MONTH = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "2026-03" as "Mar 2026". */
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));
const prospects = (n: number) => `${n} ${n === 1 ? 'prospect' : 'prospects'}`;

const TICK = { fill: 'currentColor', fontSize: 12 };
/** A table under a chart: small type and tight cells, so it fits a phone's width. */
const COMPACT = 'text-xs [&_td]:px-2 [&_td]:py-1.5 [&_th]:h-8 [&_th]:px-2';
function ChartFigure({
  title,
  description,
  summary,
  table,
  children,
  ...rest
}: {
  title: string;
  description: string;
  /** What the chart shows, in words, for a screen reader (the picture itself is hidden from it). */
  summary: string;
  table: ReactNode;
  children: ReactNode;
} & Record<`data-${string}`, string | boolean>) {
  const id = useId();
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-5" {...rest}>
      <figure aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
        <figcaption className="flex flex-col gap-0.5">
          <span id={`${id}-title`} className="font-semibold">
            {title}
          </span>
          <span className="text-xs text-muted-foreground">{description}</span>
        </figcaption>
        <p className="sr-only">{summary}</p>
        {/* currentColor carries the theme's muted text colour into the SVG's axes and grid. */}
        <div className="text-muted-foreground" aria-hidden>
          {children}
        </div>
      </figure>
      <details className="text-sm">
        <summary className="cursor-pointer text-xs font-medium text-muted-foreground hover:text-foreground">
          Show as table
        </summary>
        <div className="mt-2">{table}</div>
      </details>
    </Card>
  );
}

function StatusChart({ pipeline }: { pipeline: ProspectPipeline }) {
  const data = pipeline.byStatus.map((bucket) => ({
    label: PROSPECT_STATUS_LABELS[bucket.status],
    realistic: bucket.realistic,
    count: bucket.count,
    note: `${formatMillions(bucket.realistic)} (${bucket.count})`,
  }));
  const used = pipeline.byStatus.filter((b) => b.count > 0);
  const summary = used.length
    ? `Pipeline by status: ${used.map((b) => `${PROSPECT_STATUS_LABELS[b.status]}, ${prospects(b.count)}, ${formatMillions(b.realistic)} realistic`).join('; ')}.`
    : 'Pipeline by status: no prospects.';
  return (
    <ChartFigure
      title="Pipeline by status"
      description="Realistic forecast per status, with the number of prospects in brackets"
      summary={summary}
      data-pipeline-chart="status"
      table={
        <Table scrollLabel="Pipeline by status, as a table" className={COMPACT}>
          <TableHeader>
            <TableRow>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Prospects</TableHead>
              <TableHead className="text-right">Realistic forecast</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {pipeline.byStatus.map((bucket) => (
              <TableRow key={bucket.status} data-status-row={bucket.status}>
                <TableCell>{PROSPECT_STATUS_LABELS[bucket.status]}</TableCell>
                <TableCell className="text-right tabular-nums">{bucket.count}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMillions(bucket.realistic)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    >
      <BarChart
        responsive
        // The picture is hidden from assistive technology (the summary and the table say it): not focusable.
        accessibilityLayer={false}
        layout="vertical"
        style={{ width: '100%', height: data.length * 30 + 16 }}
        data={data}
        margin={{ top: 0, right: 8, bottom: 0, left: 0 }}
        barCategoryGap="22%"
      >
        <CartesianGrid horizontal={false} stroke="currentColor" strokeOpacity={0.15} />
        {/* Room after the longest bar for its label. */}
        <XAxis type="number" hide domain={[0, (max: number) => Math.max(max, 1) * 1.7]} />
        <YAxis
          type="category"
          dataKey="label"
          width={128}
          // A width the labels never reach: recharts wraps a label wider than its tick's width.
          tick={{ ...TICK, width: 400 }}
          tickLine={false}
          axisLine={false}
          interval={0}
        />
        <Bar
          dataKey="realistic"
          name="Realistic"
          fill={SCENARIO_COLORS.realistic}
          radius={[0, 4, 4, 0]}
          minPointSize={2}
          isAnimationActive={false}
        >
          {/* Drawn as is: recharts' own label wraps on a narrow screen ("$4.0M" over "(1)"). */}
          <LabelList
            dataKey="note"
            content={({ x, y, width, height, value }) => (
              <text
                x={Number(x) + Number(width) + 6}
                y={Number(y) + Number(height) / 2}
                dy="0.35em"
                fill="currentColor"
                fontSize={12}
              >
                {value}
              </text>
            )}
          />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}

function CloseMonthChart({ pipeline }: { pipeline: ProspectPipeline }) {
  const months = pipeline.byCloseMonth;
  const data = months.map((bucket) => ({ ...bucket, label: monthLabel(bucket.month) }));
  const without =
    pipeline.withoutForecast > 0 ? ` ${prospects(pipeline.withoutForecast)} without a forecast.` : '';
  const summary = months.length
    ? `Forecast by expected close month: ${months
        .filter((m) => m.count > 0)
        .map(
          (m) =>
            `${monthLabel(m.month)}, ${prospects(m.count)}, ${formatMillions(m.realistic)} realistic (${formatMillions(m.conservative)} to ${formatMillions(m.optimistic)})`,
        )
        .join('; ')}.${without}`
    : `No forecasts yet.${without}`;
  return (
    <ChartFigure
      title="Forecast by expected close"
      description="The deal's forecast in the month it should close: the timeline's days after it was set"
      summary={summary}
      data-pipeline-chart="close-month"
      table={
        months.length ? (
          <Table scrollLabel="Forecast by expected close, as a table" className={COMPACT}>
            <TableHeader>
              <TableRow>
                <TableHead>Month</TableHead>
                <TableHead className="text-right">Prospects</TableHead>
                {FORECAST_SCENARIOS.map((scenario) => (
                  <TableHead key={scenario} className="text-right">
                    {SCENARIO_LABELS[scenario]}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {months.map((bucket) => (
                <TableRow key={bucket.month} data-month-row={bucket.month}>
                  <TableCell className="whitespace-nowrap">{monthLabel(bucket.month)}</TableCell>
                  <TableCell className="text-right tabular-nums">{bucket.count}</TableCell>
                  {FORECAST_SCENARIOS.map((scenario) => (
                    <TableCell key={scenario} className="text-right tabular-nums">
                      {formatMillions(bucket[scenario])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="text-muted-foreground">No forecasts yet.</p>
        )
      }
    >
      {months.length ? (
        <div className="flex flex-col gap-2">
          <ScenarioBars data={data} height={220} compact />
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
            {FORECAST_SCENARIOS.map((scenario) => (
              <li key={scenario} className="flex items-center gap-1.5">
                <span
                  className="size-2.5 rounded-sm"
                  style={{ backgroundColor: SCENARIO_COLORS[scenario] }}
                />
                {SCENARIO_LABELS[scenario]}
              </li>
            ))}
            {pipeline.withoutForecast > 0 && (
              <li>{prospects(pipeline.withoutForecast)} without a forecast</li>
            )}
          </ul>
        </div>
      ) : (
        <p className="py-10 text-center text-sm">
          No forecasts yet: set one on a prospect's page to see when its deal should close.
        </p>
      )}
    </ChartFigure>
  );
}

export function PipelineCharts({ pipeline }: { pipeline: ProspectPipeline }) {
  return (
    <section aria-label="Pipeline charts" className="grid gap-3 lg:grid-cols-2">
      <StatusChart pipeline={pipeline} />
      <CloseMonthChart pipeline={pipeline} />
    </section>
  );
}
