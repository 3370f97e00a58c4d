/**
 * Prospects (spec 3 §3, §4, §9): the statuses the copilot recognises, a new prospect's defaults, the default
 * report and forecast, and how forecast amounts are shown.
 */

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
