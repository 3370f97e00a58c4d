import { LineChart, Loader2, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { COPILOT_FORECAST } from '../../../../shared/copilot.ts';
import {
  FORECAST_ORDER_ERROR,
  FORECAST_SCENARIOS,
  type Forecast,
  type ForecastInput,
  type ForecastScenario,
  forecastInputSchema,
  formatMillions,
  type ProspectDetail,
} from '../../../../shared/prospects.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useProspectChange } from '../api.ts';
import { dollarsToMillions, millionsToDollars, SCENARIO_COLORS, SCENARIO_LABELS } from '../format.ts';

// recharts is large: the chart arrives in its own chunk, after the numbers.
const ForecastChart = lazy(() => import('./forecast-chart.tsx').then((m) => ({ default: m.ForecastChart })));

type Draft = {
  timelineDays: string;
  confidencePercentage: string;
  methodology: string;
} & Record<ForecastScenario, string>;

const draftOf = (forecast: Forecast | undefined): Draft =>
  forecast
    ? {
        timelineDays: String(forecast.timelineDays),
        confidencePercentage: String(forecast.confidencePercentage),
        methodology: forecast.methodology ?? '',
        conservative: dollarsToMillions(forecast.conservativeAmount),
        realistic: dollarsToMillions(forecast.realisticAmount),
        optimistic: dollarsToMillions(forecast.optimisticAmount),
      }
    : {
        // Spec 3 §9: a new forecast looks 120 days ahead at 75 % confidence.
        timelineDays: String(COPILOT_FORECAST.timelineDays),
        confidencePercentage: String(COPILOT_FORECAST.confidencePercentage),
        methodology: '',
        conservative: '',
        realistic: '',
        optimistic: '',
      };

type Errors = Partial<Record<keyof Draft | 'form', string>>;

const FIELD_OF: Record<string, keyof Draft> = {
  conservativeAmount: 'conservative',
  realisticAmount: 'realistic',
  optimisticAmount: 'optimistic',
  timelineDays: 'timelineDays',
  confidencePercentage: 'confidencePercentage',
  methodology: 'methodology',
};

/** The draft as the API takes it, or what is wrong with it (the same rules the server applies). */
function check(draft: Draft): { input: ForecastInput } | { errors: Errors } {
  const errors: Errors = {};
  const amounts = {} as Record<ForecastScenario, number>;
  for (const scenario of FORECAST_SCENARIOS) {
    const dollars = millionsToDollars(draft[scenario]);
    if (dollars === null) errors[scenario] = 'Enter an amount in millions, such as 2.5';
    else amounts[scenario] = dollars;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const parsed = forecastInputSchema.safeParse({
    timelineDays: Number(draft.timelineDays),
    confidencePercentage: Number(draft.confidencePercentage),
    conservativeAmount: amounts.conservative,
    realisticAmount: amounts.realistic,
    optimisticAmount: amounts.optimistic,
    methodology: draft.methodology.trim() || null,
  });
  if (parsed.success) return { input: parsed.data };
  for (const issue of parsed.error.issues) {
    const field = issue.message === FORECAST_ORDER_ERROR ? 'form' : FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}

function ForecastForm({
  prospect,
  initial,
  onSaved,
}: {
  prospect: ProspectDetail;
  initial: Forecast | undefined;
  onSaved: (timelineDays: number) => void;
}) {
  const id = useId();
  const change = useProspectChange(prospect.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };
  const invalid = (field: keyof Draft) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = check(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    const { input } = result;
    change.mutate(
      { kind: 'forecast', forecast: input },
      {
        onSuccess: () => {
          onSaved(input.timelineDays ?? COPILOT_FORECAST.timelineDays);
          toast({
            title: 'Forecast saved',
            description: `${input.timelineDays} days: ${formatMillions(input.conservativeAmount)} / ${formatMillions(input.realisticAmount)} / ${formatMillions(input.optimisticAmount)}`,
          });
        },
        onError: (err) => toastFailure('Could not save the forecast', err),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 border-t pt-5" data-forecast-form>
      <h3 className="text-sm font-semibold">{initial ? 'Edit the forecast' : 'Add a forecast'}</h3>
      <div className="grid gap-4 sm:grid-cols-3">
        {FORECAST_SCENARIOS.map((scenario) => {
          const dollars = millionsToDollars(draft[scenario]);
          return (
            <Field
              key={scenario}
              id={`${id}-${scenario}`}
              label={`${SCENARIO_LABELS[scenario]} ($M)`}
              error={errors[scenario]}
              hint={
                dollars !== null && dollars >= 0
                  ? `Shown as ${formatMillions(dollars)}`
                  : 'In millions of dollars'
              }
            >
              <Input
                id={`${id}-${scenario}`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="2.5"
                value={draft[scenario]}
                onChange={set(scenario)}
                {...invalid(scenario)}
              />
            </Field>
          );
        })}
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Field
          id={`${id}-timelineDays`}
          label="Timeline (days)"
          error={errors.timelineDays}
          hint="Another timeline adds a forecast"
        >
          <Input
            id={`${id}-timelineDays`}
            type="number"
            inputMode="numeric"
            min={1}
            value={draft.timelineDays}
            onChange={set('timelineDays')}
            {...invalid('timelineDays')}
          />
        </Field>
        <Field id={`${id}-confidencePercentage`} label="Confidence (%)" error={errors.confidencePercentage}>
          <Input
            id={`${id}-confidencePercentage`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={draft.confidencePercentage}
            onChange={set('confidencePercentage')}
            {...invalid('confidencePercentage')}
          />
        </Field>
      </div>
      <Field id={`${id}-methodology`} label="Methodology (optional)" error={errors.methodology}>
        <Textarea
          id={`${id}-methodology`}
          rows={2}
          placeholder="How you arrived at these numbers: seats, pricing, comparable deals"
          value={draft.methodology}
          onChange={set('methodology')}
          {...invalid('methodology')}
        />
      </Field>
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={change.isPending}>
        {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
        Save forecast
      </Button>
    </form>
  );
}

function editedText(forecast: Forecast): string {
  return forecast.isUserEdited && forecast.editedAt
    ? `Edited by you on ${formatDate(forecast.editedAt)}`
    : 'Not edited yet';
}

/**
 * The three-scenario revenue forecast (spec 3 §3, §9): one row per timeline, the chart, and the editor (120 days
 * and 75 % by default), amounts in millions with one decimal.
 */
export function ForecastCard({ prospect }: { prospect: ProspectDetail }) {
  const { forecasts } = prospect;
  const change = useProspectChange(prospect.id);
  const [editing, setEditing] = useState<number | null>(null);
  const initial =
    forecasts.find((f) => f.timelineDays === editing) ??
    forecasts.find((f) => f.timelineDays === COPILOT_FORECAST.timelineDays) ??
    forecasts[0];

  const remove = (forecast: Forecast) => {
    if (!window.confirm(`Remove the ${forecast.timelineDays}-day forecast?`)) return;
    change.mutate(
      { kind: 'remove-forecast', timelineDays: forecast.timelineDays },
      {
        onSuccess: () => toast({ title: 'Forecast removed', description: `${forecast.timelineDays} days` }),
        onError: (err) => toastFailure('Could not remove the forecast', err),
      },
    );
  };

  return (
    <SectionCard
      title="Revenue forecast"
      icon={<LineChart className="size-5 text-muted-foreground" aria-hidden />}
      description="Conservative, realistic and optimistic amounts for each timeline."
    >
      <div className="flex flex-col gap-5">
        {forecasts.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            No forecast yet. Enter the three scenarios below, or tell the copilot (Ctrl+K): "set the realistic
            forecast to $2.5m".
          </p>
        ) : (
          <>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legend">
              {FORECAST_SCENARIOS.map((scenario) => (
                <li key={scenario} className="flex items-center gap-1.5">
                  <span
                    className="size-2.5 rounded-sm"
                    style={{ backgroundColor: SCENARIO_COLORS[scenario] }}
                    aria-hidden
                  />
                  {SCENARIO_LABELS[scenario]}
                </li>
              ))}
            </ul>
            <Suspense fallback={<Skeleton className="h-60 w-full" />}>
              <ForecastChart forecasts={forecasts} />
            </Suspense>
            <ul className="flex flex-col divide-y rounded-lg border" data-forecasts>
              {forecasts.map((forecast) => (
                <li
                  key={forecast.id}
                  className="flex flex-col gap-3 p-3 sm:p-4"
                  data-forecast={forecast.timelineDays}
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="flex flex-col">
                      <span className="font-medium">
                        {forecast.timelineDays} days · {forecast.confidencePercentage}% confidence
                      </span>
                      <span className="text-xs text-muted-foreground" data-edited>
                        {editedText(forecast)}
                      </span>
                    </div>
                    <div className="flex shrink-0 gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        onClick={() => setEditing(forecast.timelineDays)}
                        aria-label={`Edit the ${forecast.timelineDays}-day forecast`}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        onClick={() => remove(forecast)}
                        disabled={change.isPending}
                        aria-label={`Remove the ${forecast.timelineDays}-day forecast`}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  </div>
                  <dl className="grid grid-cols-3 gap-2">
                    {FORECAST_SCENARIOS.map((scenario) => (
                      <div key={scenario} className="flex min-w-0 flex-col gap-0.5">
                        <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                          {/* The colour key gives way to the word on a phone. */}
                          <span
                            className="hidden size-2 shrink-0 rounded-sm sm:block"
                            style={{ backgroundColor: SCENARIO_COLORS[scenario] }}
                            aria-hidden
                          />
                          <span className="truncate">{SCENARIO_LABELS[scenario]}</span>
                        </dt>
                        <dd
                          className={cn('text-lg tabular-nums', scenario === 'realistic' && 'font-semibold')}
                          data-scenario={scenario}
                        >
                          {formatMillions(forecast[`${scenario}Amount`])}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
            {forecasts.some((f) => f.methodology) && (
              <dl className="flex flex-col gap-2 text-sm">
                {forecasts
                  .filter((f) => f.methodology)
                  .map((f) => (
                    <div key={f.id}>
                      <dt className="text-xs font-medium text-muted-foreground">
                        Methodology, {f.timelineDays} days
                      </dt>
                      <dd className="whitespace-pre-line">{f.methodology}</dd>
                    </div>
                  ))}
              </dl>
            )}
          </>
        )}
        {/* Keyed by the forecast it edits: a change made elsewhere (the copilot) is shown afresh. */}
        <ForecastForm
          key={initial ? `${initial.timelineDays}-${initial.editedAt}` : 'new'}
          prospect={prospect}
          initial={initial}
          onSaved={setEditing}
        />
      </div>
    </SectionCard>
  );
}
