/**
 * Prospects (spec 3 §3, §4, §9): the statuses the copilot recognises, a new prospect's defaults, the closed lists
 * of health, potential and lifecycle, the default report and forecast, how forecast amounts are shown, deal
 * momentum's trends, and the API's request and response shapes (server validation, web forms).
 */
import { z } from 'zod';
import { COPILOT_FORECAST } from './copilot.ts';

/** Spec 3 §4, in its order. */
export const PROSPECT_STATUSES = [
  'expansion-upsell',
  'new-logo',
  'renewal-risk',
  'qualified',
  'champion-accounts',
  'high-engagement',
  'at-risk',
  'dormant',
] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];

export const PROSPECT_STATUS_LABELS: Readonly<Record<ProspectStatus, string>> = {
  'expansion-upsell': 'Expansion / upsell',
  'new-logo': 'New logo',
  'renewal-risk': 'Renewal risk',
  qualified: 'Qualified',
  'champion-accounts': 'Champion account',
  'high-engagement': 'High engagement',
  'at-risk': 'At risk',
  dormant: 'Dormant',
};

export const isProspectStatus = (value: string): value is ProspectStatus =>
  (PROSPECT_STATUSES as readonly string[]).includes(value);

/** Spec 3 §4 "New prospect defaults". */
export const NEW_PROSPECT_DEFAULTS = {
  status: 'qualified',
  accountHealth: 'high-engagement',
  revenuePotential: 'high-value-targets',
  lifecyclePosition: 'onboarding',
  revenue: 'Unknown',
  employees: 'Unknown',
  location: 'Unknown',
  ceo: 'Unknown',
} as const;

/** Spec 3 §7: the report the copilot files its prospects under. */
export const DEFAULT_REPORT = {
  name: 'Default Copilot Report',
  industry: 'Technology',
  targetProspects: 10,
} as const;

export const FORECAST_SCENARIOS = ['conservative', 'realistic', 'optimistic'] as const;
export type ForecastScenario = (typeof FORECAST_SCENARIOS)[number];

/** Spec 3 §9: forecast amounts in millions with one decimal ("$2.5M"). */
export function formatMillions(dollars: number): string {
  return `$${(dollars / 1_000_000).toFixed(1)}M`;
}

/**
 * Closed lists for the fields spec 3 names without values. The first entry of each is spec 3 §4's default for a
 * new prospect; the rest are ours (the words account managers use).
 */
export const ACCOUNT_HEALTHS = [
  'high-engagement',
  'healthy',
  'needs-attention',
  'at-risk',
  'unresponsive',
] as const;
export type AccountHealth = (typeof ACCOUNT_HEALTHS)[number];
export const ACCOUNT_HEALTH_LABELS: Readonly<Record<AccountHealth, string>> = {
  'high-engagement': 'High engagement',
  healthy: 'Healthy',
  'needs-attention': 'Needs attention',
  'at-risk': 'At risk',
  unresponsive: 'Unresponsive',
};

export const REVENUE_POTENTIALS = [
  'high-value-targets',
  'growth-opportunities',
  'steady-revenue',
  'low-priority',
] as const;
export type RevenuePotential = (typeof REVENUE_POTENTIALS)[number];
export const REVENUE_POTENTIAL_LABELS: Readonly<Record<RevenuePotential, string>> = {
  'high-value-targets': 'High-value target',
  'growth-opportunities': 'Growth opportunity',
  'steady-revenue': 'Steady revenue',
  'low-priority': 'Low priority',
};

/** The deal's stage, in order; `onboarding` is a prospect just taken on (spec 3 §4's default). */
export const LIFECYCLE_POSITIONS = [
  'onboarding',
  'discovery',
  'evaluation',
  'proposal',
  'negotiation',
  'closed-won',
] as const;
export type LifecyclePosition = (typeof LIFECYCLE_POSITIONS)[number];
export const LIFECYCLE_LABELS: Readonly<Record<LifecyclePosition, string>> = {
  onboarding: 'Onboarding',
  discovery: 'Discovery',
  evaluation: 'Evaluation',
  proposal: 'Proposal',
  negotiation: 'Negotiation',
  'closed-won': 'Closed won',
};

/** Deal momentum's trend (spec 3 §3 `momentum_trend`). */
export const MOMENTUM_TRENDS = ['accelerating', 'steady', 'slowing', 'stalled'] as const;
export type MomentumTrend = (typeof MOMENTUM_TRENDS)[number];
export const MOMENTUM_TREND_LABELS: Readonly<Record<MomentumTrend, string>> = {
  accelerating: 'Accelerating',
  steady: 'Steady',
  slowing: 'Slowing',
  stalled: 'Stalled',
};

/**
 * What can happen to a prospect (`prospect_activities.kind`). Documents and RFPs are logged by the document and
 * RFP agents for the prospect's account; momentum counts them already.
 */
export const PROSPECT_ACTIVITY_KINDS = [
  'created',
  'status_changed',
  'details_changed',
  'forecast_edited',
  'forecast_removed',
  'document_generated',
  'rfp_linked',
  'momentum_overridden',
  'momentum_override_cleared',
] as const;
export type ProspectActivityKind = (typeof PROSPECT_ACTIVITY_KINDS)[number];

export const PROSPECT_SORTS = ['updated', 'name', 'created', 'momentum', 'pipeline'] as const;
export type ProspectSort = (typeof PROSPECT_SORTS)[number];

export const PROSPECT_NAME_MAX = 200;
/** Forecast bounds: up to three years ahead, up to a trillion dollars. */
export const FORECAST_TIMELINE_MAX_DAYS = 1095;
export const FORECAST_AMOUNT_MAX = 1_000_000_000_000;
export const FORECAST_ORDER_ERROR =
  'Forecast amounts must be in order: conservative ≤ realistic ≤ optimistic';
export const METHODOLOGY_MAX = 2000;

type ForecastAmounts = { conservativeAmount: number; realisticAmount: number; optimisticAmount: number };

/**
 * Conservative ≤ realistic ≤ optimistic among the scenarios estimated (0 is one not estimated yet, as a
 * forecast the copilot starts with one scenario has). One rule for the form, the API and the copilot.
 */
export function forecastInOrder(forecast: ForecastAmounts): boolean {
  const estimated = [forecast.conservativeAmount, forecast.realisticAmount, forecast.optimisticAmount].filter(
    (amount) => amount > 0,
  );
  return estimated.every((amount, index) => index === 0 || (estimated[index - 1] ?? 0) <= amount);
}
export const INSIGHT_MAX = 1000;

const label = (values: readonly string[]) => `must be one of ${values.join(', ')}`;
const percentage = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be at least 0`)
    .max(100, `${name} must be at most 100`);
const amount = z
  .number({ error: 'must be a number of dollars' })
  .int('must be whole dollars')
  .min(0, 'must be at least 0')
  .max(FORECAST_AMOUNT_MAX, `must be at most ${FORECAST_AMOUNT_MAX}`);

/** `POST /api/v1/prospects`: a name, or a company whose name it takes. */
export const prospectCreateSchema = z
  .object({
    name: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'A prospect needs a name')
      .max(PROSPECT_NAME_MAX, `must be at most ${PROSPECT_NAME_MAX} characters`)
      .optional(),
    companyId: z.uuid({ error: 'must be a company id (UUID)' }).optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.companyId !== undefined, {
    message: 'A prospect needs a name or a company',
    path: ['name'],
  });
export type ProspectCreate = z.infer<typeof prospectCreateSchema>;

/** `PATCH /api/v1/prospects/{id}`: only the fields sent change. */
export const prospectChangeSchema = z
  .object({
    status: z.enum(PROSPECT_STATUSES, { error: label(PROSPECT_STATUSES) }).optional(),
    accountHealth: z.enum(ACCOUNT_HEALTHS, { error: label(ACCOUNT_HEALTHS) }).optional(),
    revenuePotential: z.enum(REVENUE_POTENTIALS, { error: label(REVENUE_POTENTIALS) }).optional(),
    lifecyclePosition: z.enum(LIFECYCLE_POSITIONS, { error: label(LIFECYCLE_POSITIONS) }).optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Send at least one of status, accountHealth, revenuePotential, lifecyclePosition',
  });
export type ProspectChange = z.infer<typeof prospectChangeSchema>;

/** `PUT /api/v1/prospects/{id}/forecasts`: one timeline's three scenarios (spec 3 §9 defaults). */
export const forecastInputSchema = z
  .object({
    timelineDays: z
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(FORECAST_TIMELINE_MAX_DAYS, `must be at most ${FORECAST_TIMELINE_MAX_DAYS} days`)
      .default(COPILOT_FORECAST.timelineDays),
    conservativeAmount: amount,
    realisticAmount: amount,
    optimisticAmount: amount,
    confidencePercentage: percentage('Confidence').default(COPILOT_FORECAST.confidencePercentage),
    methodology: z
      .string({ error: 'must be text' })
      .trim()
      .max(METHODOLOGY_MAX, `must be at most ${METHODOLOGY_MAX} characters`)
      .nullable()
      .optional(),
  })
  .strict()
  .refine(forecastInOrder, {
    message: FORECAST_ORDER_ERROR,
    path: ['realisticAmount'],
  });
export type ForecastInput = z.input<typeof forecastInputSchema>;

/** `PUT /api/v1/prospects/{id}/momentum`: the user's own reading of the deal, kept until cleared. */
export const momentumOverrideSchema = z
  .object({
    velocityScore: percentage('Velocity score'),
    momentumTrend: z.enum(MOMENTUM_TRENDS, { error: label(MOMENTUM_TRENDS) }),
    progressPercentage: percentage('Progress'),
    insight: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'Say why: the insight must not be empty')
      .max(INSIGHT_MAX, `must be at most ${INSIGHT_MAX} characters`),
  })
  .strict();
export type MomentumOverride = z.infer<typeof momentumOverrideSchema>;

export const forecastSchema = z.object({
  id: z.uuid(),
  timelineDays: z.number().int(),
  conservativeAmount: z.number().int(),
  realisticAmount: z.number().int(),
  optimisticAmount: z.number().int(),
  confidencePercentage: z.number().int(),
  isUserEdited: z.boolean(),
  methodology: z.string().nullable(),
  editedAt: z.iso.datetime().nullable(),
});
export type Forecast = z.infer<typeof forecastSchema>;

export const momentumSchema = z.object({
  velocityScore: z.number().int().min(0).max(100),
  momentumTrend: z.enum(MOMENTUM_TRENDS),
  progressPercentage: z.number().int().min(0).max(100),
  benchmarkComparison: z.string().nullable(),
  insight: z.string().nullable(),
  isManualOverride: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type Momentum = z.infer<typeof momentumSchema>;

export const prospectActivitySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type ProspectActivity = z.infer<typeof prospectActivitySchema>;

/** The amounts of the forecast that stands for the whole deal: the one with the longest timeline. */
export const pipelineAmountsSchema = z.object({
  conservative: z.number().int(),
  realistic: z.number().int(),
  optimistic: z.number().int(),
});
export type PipelineAmounts = z.infer<typeof pipelineAmountsSchema>;

export const prospectSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  revenue: z.string(),
  employees: z.string(),
  location: z.string(),
  ceo: z.string(),
  status: z.enum(PROSPECT_STATUSES),
  accountHealth: z.enum(ACCOUNT_HEALTHS),
  revenuePotential: z.enum(REVENUE_POTENTIALS),
  lifecyclePosition: z.enum(LIFECYCLE_POSITIONS),
  reportName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  pipeline: pipelineAmountsSchema.nullable(),
  momentum: momentumSchema.nullable(),
});
export type ProspectSummary = z.infer<typeof prospectSummarySchema>;

export const prospectDetailSchema = prospectSummarySchema.extend({
  forecasts: z.array(forecastSchema),
  activities: z.array(prospectActivitySchema),
});
export type ProspectDetail = z.infer<typeof prospectDetailSchema>;

/** `POST /api/v1/prospects`: the prospect, and whether this request made it (201) or found it (200). */
export const addedProspectSchema = prospectDetailSchema.extend({ created: z.boolean() });
export type AddedProspect = z.infer<typeof addedProspectSchema>;

const counts = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object(Object.fromEntries(values.map((v) => [v, z.number().int()])) as Record<T[number], z.ZodNumber>);

export const prospectListSchema = z.object({
  prospects: z.array(prospectSummarySchema),
  /** How many prospects match the filters (the page holds at most `limit`). */
  total: z.number().int(),
  /** Sums over every prospect that matches the filters, not only this page. */
  totals: pipelineAmountsSchema,
  /** Over the prospects that match the search words, whatever the other filters. */
  counts: z.object({
    status: counts(PROSPECT_STATUSES),
    accountHealth: counts(ACCOUNT_HEALTHS),
    lifecyclePosition: counts(LIFECYCLE_POSITIONS),
  }),
});
export type ProspectList = z.infer<typeof prospectListSchema>;

export const isAccountHealth = (value: string): value is AccountHealth =>
  (ACCOUNT_HEALTHS as readonly string[]).includes(value);
export const isRevenuePotential = (value: string): value is RevenuePotential =>
  (REVENUE_POTENTIALS as readonly string[]).includes(value);
export const isLifecyclePosition = (value: string): value is LifecyclePosition =>
  (LIFECYCLE_POSITIONS as readonly string[]).includes(value);

/** One bar of a pipeline chart: how many prospects, and what their forecasts add up to per scenario. */
const pipelineBucket = pipelineAmountsSchema.extend({
  /** Prospects in the bucket (for a month: those with a forecast closing in it). */
  count: z.number().int(),
});

/**
 * `GET /api/v1/prospects/pipeline`: the charts of Account Management. A prospect's deal is its forecast with the
 * longest timeline (as in the totals), expected to close that many days after the forecast was last set (or
 * after the prospect was added, for a forecast nobody edited).
 */
export const prospectPipelineSchema = z.object({
  /** Every status in spec order, over the filtered prospects whatever their status (as the status chips). */
  byStatus: z.array(pipelineBucket.extend({ status: z.enum(PROSPECT_STATUSES) })),
  /** Calendar months (UTC, "2026-12") from the first to the last expected close, empty months included. */
  byCloseMonth: z.array(pipelineBucket.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) })),
  /** Filtered prospects without any forecast (in no month). */
  withoutForecast: z.number().int(),
});
export type ProspectPipeline = z.infer<typeof prospectPipelineSchema>;
