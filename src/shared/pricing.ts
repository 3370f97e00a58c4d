/**
 * Pricing constants of spec 2 §9, defined once. Pure data, no React.
 * The pages deliberately disagree with each other (spec 2 §9 'Inconsistencies to preserve'): do not
 * "fix" one table from another.
 */

// ---------------------------------------------------------------------------------------------------------
// Account and timing
// ---------------------------------------------------------------------------------------------------------

export const BILLING_CYCLE_DAYS = 30;
/** 30 days in milliseconds (spec: 2592e6 ms). */
export const BILLING_CYCLE_MS = BILLING_CYCLE_DAYS * 24 * 60 * 60 * 1000;

/** The account created for a signed-in user who has no credit record yet. */
export const DEFAULT_CREDIT_ACCOUNT = {
  plan_type: 'unlimited',
  total_credits: 500_000,
  used_credits: 0,
  billing_cycle_days: BILLING_CYCLE_DAYS,
} as const;

export const CREDIT_QUERY_TIMEOUT_MS = 15_000;
export const TRANSACTION_HISTORY_LIMIT = 50;
export const SIMULATED_PURCHASE_MS = 2_000;
/** The non-destructive 'Credits Deducted' toast is shown about 10% of the time. */
export const CREDITS_DEDUCTED_TOAST_PROBABILITY = 0.1;

/** Toast shown when a visitor tries to use, add or change credits (spec 2 §8). */
export const AUTH_REQUIRED_TOAST = {
  title: 'Authentication Required',
  description: 'Please sign in to use credits',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------------------

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `formatPrice(29)` -> '$29', `formatPrice(1990)` -> '$1,990', `formatPrice(9.99)` -> '$9.99'. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? usdWhole.format(amount) : usdCents.format(amount);
}

/** `formatCredits(500000)` -> '500,000'. */
export function formatCredits(credits: number): string {
  return credits.toLocaleString('en-US');
}

// ---------------------------------------------------------------------------------------------------------
// Credit packages (purchase dialog)
// ---------------------------------------------------------------------------------------------------------

export type CreditPackageId = 'starter' | 'professional' | 'business' | 'enterprise';

export type CreditPackage = {
  id: CreditPackageId;
  name: string;
  credits: number;
  /** USD. */
  price: number;
  /** USD per credit, as the spec lists it. */
  pricePerCredit: number;
  popular: boolean;
  bonus?: number;
  description: string;
};

/** Packages of at least this many credits list the 'Priority processing' perk. */
export const PRIORITY_PROCESSING_MIN_CREDITS = 500;
export const PRIORITY_PROCESSING_PERK = 'Priority processing';

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  {
    id: 'starter',
    name: 'Starter Pack',
    credits: 100,
    price: 9.99,
    pricePerCredit: 0.1,
    popular: false,
    description: 'Perfect for trying out our services',
  },
  {
    id: 'professional',
    name: 'Professional',
    credits: 500,
    price: 39.99,
    pricePerCredit: 0.08,
    popular: true,
    bonus: 50,
    description: 'Great for regular prospecting',
  },
  {
    id: 'business',
    name: 'Business Pack',
    credits: 1000,
    price: 69.99,
    pricePerCredit: 0.07,
    popular: false,
    bonus: 150,
    description: 'Ideal for growing sales teams',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    credits: 2500,
    price: 149.99,
    pricePerCredit: 0.06,
    popular: false,
    bonus: 500,
    description: 'Maximum value for high-volume teams',
  },
];

/** The package selected when the purchase dialog opens. */
export const DEFAULT_CREDIT_PACKAGE_ID: CreditPackageId = 'professional';

/** What a package grants: its credits plus its bonus. */
export const packageCredits = (pkg: Pick<CreditPackage, 'credits' | 'bonus'>): number =>
  pkg.credits + (pkg.bonus ?? 0);

/** Automatic top-up (spec 2 §5, opt-in) buys when fewer than this many credits remain: the allowed range. */
export const AUTO_TOP_UP_BELOW = { min: 1, max: 1_000_000 } as const;

export function hasPriorityProcessing(pkg: Pick<CreditPackage, 'credits'>): boolean {
  return pkg.credits >= PRIORITY_PROCESSING_MIN_CREDITS;
}

// ---------------------------------------------------------------------------------------------------------
// Plans on the credit pricing page ('Choose Your Plan')
// ---------------------------------------------------------------------------------------------------------

export type CreditPlanId = 'free' | 'professional' | 'business' | 'enterprise';

export type Plan = {
  id: CreditPlanId;
  name: string;
  description: string;
  /** USD per month. */
  monthlyPrice: number;
  /** USD per year: ten times the monthly price. */
  annualPrice: number;
  /** Credits per month. */
  credits: number;
  popular: boolean;
  features: readonly string[];
};

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Get started with the essentials',
    monthlyPrice: 0,
    annualPrice: 0,
    credits: 50,
    popular: false,
    features: ['Basic enrichment', 'Email support', 'Community access'],
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For individual sales professionals',
    monthlyPrice: 29,
    annualPrice: 290,
    credits: 500,
    popular: true,
    features: ['All enrichment features', 'Priority support', 'Advanced analytics', 'API access', 'Export'],
  },
  {
    id: 'business',
    name: 'Business',
    description: 'For growing sales teams',
    monthlyPrice: 79,
    annualPrice: 790,
    credits: 1500,
    popular: false,
    features: [
      'Team collaboration',
      'Bulk operations',
      'Custom integrations',
      'Priority processing',
      'Dedicated support',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For large organisations at scale',
    monthlyPrice: 199,
    annualPrice: 1990,
    credits: 5000,
    popular: false,
    features: ['Custom packages', 'White-label', 'SLA', 'Advanced security', '24/7 phone support'],
  },
];

/** A plan type as users read it: the plan's name, else the type capitalised (the default 'unlimited'). */
export function planName(planType: string): string {
  return (
    PLANS.find((plan) => plan.id === planType)?.name ?? planType.charAt(0).toUpperCase() + planType.slice(1)
  );
}

/** Where a plan stands among the others; the default 'unlimited' trial sits just above Free. */
const PLAN_RANK: Record<string, number> = {
  free: 0,
  unlimited: 0.5,
  professional: 1,
  business: 2,
  enterprise: 3,
};

/**
 * Both FAQs: an upgrade (a higher plan) applies now, a downgrade at the end of the billing cycle. A plan type
 * we do not rank (an operator's own default) counts as Free.
 */
export const isPlanUpgrade = (from: string, to: string): boolean =>
  (PLAN_RANK[to] ?? 0) >= (PLAN_RANK[from] ?? 0);

/** Badge on the annual setting of the credit pricing page (annual = 10x monthly). */
export const CREDIT_ANNUAL_SAVING = 'Save 17%';

// ---------------------------------------------------------------------------------------------------------
// Plans on the enhanced pricing page (/enhanced-pricing)
// ---------------------------------------------------------------------------------------------------------

export type EnhancedPlanId = 'free' | 'starter' | 'explorer' | 'pro' | 'enterprise';

/** Plan order on the enhanced page; feature availability is "from this tier upwards". */
export const ENHANCED_PLAN_ORDER: readonly EnhancedPlanId[] = [
  'free',
  'starter',
  'explorer',
  'pro',
  'enterprise',
];

export type EnhancedPlanCta = { label: string; action: 'signup' | 'contact' };

export type EnhancedPlan = {
  id: EnhancedPlanId;
  name: string;
  description: string;
  /** USD per month billed monthly; null = custom pricing. */
  monthlyPrice: number | null;
  /** USD per month billed annually (the bracketed figure); null = custom pricing. */
  annualMonthlyPrice: number | null;
  /** Credits per year as displayed ('1.2K'); null = not shown. */
  creditsPerYear: string | null;
  /** Rows per search. */
  searchLimit: number;
  popular: boolean;
  highlight?: string;
  cta: EnhancedPlanCta;
};

export const ENHANCED_PLANS: readonly EnhancedPlan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Explore the agents and enrich your first leads.',
    monthlyPrice: 0,
    annualMonthlyPrice: 0,
    creditsPerYear: '1.2K',
    searchLimit: 100,
    popular: false,
    // The spec's label names another company's product; we use our own wording.
    cta: { label: 'Try for free', action: 'signup' },
  },
  {
    id: 'starter',
    name: 'Starter',
    description: 'For individuals building a repeatable pipeline.',
    monthlyPrice: 149,
    annualMonthlyPrice: 134,
    creditsPerYear: '24K',
    searchLimit: 5000,
    popular: false,
    cta: { label: 'Choose Starter', action: 'signup' },
  },
  {
    id: 'explorer',
    name: 'Explorer',
    description: 'For teams automating research and outreach.',
    monthlyPrice: 349,
    annualMonthlyPrice: 314,
    creditsPerYear: '120K',
    searchLimit: 10_000,
    popular: true,
    highlight: 'Best value',
    cta: { label: 'Choose Explorer', action: 'signup' },
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For revenue teams running at full scale.',
    monthlyPrice: 800,
    annualMonthlyPrice: 720,
    creditsPerYear: '600K',
    searchLimit: 25_000,
    popular: false,
    cta: { label: 'Choose Pro', action: 'signup' },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Custom volume, security and dedicated support.',
    monthlyPrice: null,
    annualMonthlyPrice: null,
    creditsPerYear: null,
    searchLimit: 50_000,
    popular: false,
    cta: { label: 'Contact Sales', action: 'contact' },
  },
];

/** Badge on the annual setting of the enhanced page (the figures themselves are the spec's, not 25% off). */
export const ENHANCED_ANNUAL_SAVING = 'Save 25%';

/** Users per plan on the enhanced page: unlimited on every plan. */
export const ENHANCED_PLAN_USERS = 'Unlimited';

export type EnhancedFeatureRow = {
  feature: string;
  /** The lowest plan that includes the feature; every higher plan includes it too. */
  from: EnhancedPlanId;
};

export const ENHANCED_FEATURE_ROWS: readonly EnhancedFeatureRow[] = [
  // all plans
  { feature: 'Exporting', from: 'free' },
  { feature: 'AI research assistant', from: 'free' },
  { feature: 'Rollover credits', from: 'free' },
  { feature: '100+ integration providers', from: 'free' },
  { feature: 'Chrome extension', from: 'free' },
  // from Starter
  { feature: 'Scheduling', from: 'starter' },
  { feature: 'Phone number enrichments', from: 'starter' },
  { feature: 'Use your own API keys', from: 'starter' },
  { feature: 'Signals', from: 'starter' },
  // from Explorer
  { feature: 'Any HTTP API', from: 'explorer' },
  { feature: 'Webhooks', from: 'explorer' },
  { feature: 'Email sequencing integrations', from: 'explorer' },
  { feature: 'Exclude filters', from: 'explorer' },
  // from Pro
  { feature: 'CRM integrations', from: 'pro' },
  // Enterprise only
  { feature: 'Unlimited rows', from: 'enterprise' },
];

export function planIncludes(planId: EnhancedPlanId, row: EnhancedFeatureRow): boolean {
  return ENHANCED_PLAN_ORDER.indexOf(planId) >= ENHANCED_PLAN_ORDER.indexOf(row.from);
}

// ---------------------------------------------------------------------------------------------------------
// Landing-page pricing teaser (spec 2 §2.4)
// ---------------------------------------------------------------------------------------------------------

export type TeaserPlan = {
  name: string;
  /** USD per month, billed yearly. */
  monthlyPrice: number;
  credits: string;
  popular: boolean;
};

export const LANDING_TEASER_PLANS: readonly TeaserPlan[] = [
  { name: 'Starter', monthlyPrice: 14, credits: '1.2K credits/year', popular: false },
  { name: 'Explorer', monthlyPrice: 134, credits: '4.0K credits/year', popular: false },
  { name: 'Professional', monthlyPrice: 314, credits: '10K credits/year', popular: false },
];

export const LANDING_TEASER_BILLING = 'Billed yearly';
export const LANDING_TEASER_CREDITS_NOTE = 'All credits granted upfront';

// ---------------------------------------------------------------------------------------------------------
// Product-overview marketing plans (spec 2 §2.5); billing period not shown
// ---------------------------------------------------------------------------------------------------------

export type ProductOverviewPlan = {
  name: string;
  /** USD; null = custom pricing. */
  price: number | null;
  description: string;
  features: readonly string[];
  cta: string;
  popular: boolean;
};

export const PRODUCT_OVERVIEW_PLANS: readonly ProductOverviewPlan[] = [
  {
    name: 'Starter',
    price: 0,
    description: 'Try one agent on your own pipeline',
    features: ['1 agent', 'Limited monthly runs', 'Basic templates', 'Community support'],
    cta: 'Get started',
    popular: false,
  },
  {
    name: 'Team',
    price: 79,
    description: 'Every agent for your whole sales team',
    features: [
      'All 6 agents',
      'Unlimited contacts and runs',
      'CRM sync',
      'Priority support',
      'Advanced analytics',
    ],
    cta: 'Start free trial',
    popular: true,
  },
  {
    name: 'Enterprise',
    price: null,
    description: 'Security, scale and support for large organisations',
    features: [
      'Everything in Team',
      'SSO',
      'Security reviews',
      'Custom limits',
      'Dedicated support',
      'Custom integrations',
    ],
    cta: 'Contact sales',
    popular: false,
  },
];

// ---------------------------------------------------------------------------------------------------------
// FAQs
// ---------------------------------------------------------------------------------------------------------

export type FaqItem = { id: string; question: string; answer: string };

export const CREDIT_PAGE_FAQ: readonly FaqItem[] = [
  {
    id: 'what-are-credits',
    question: 'What are credits and how do they work?',
    answer:
      'Credits are the currency you spend on activities such as company enrichment, contact discovery, and email and phone finding. Each activity costs a fixed number of credits, and your plan grants a number of credits every month.',
  },
  {
    id: 'buy-extra-credits',
    question: 'Can I buy extra credits?',
    answer:
      'Yes. You can buy extra credits at any time with a credit package, on top of the credits included in your plan.',
  },
  {
    id: 'rollover',
    question: 'Do unused credits roll over?',
    answer: 'No. Credits reset every month and unused credits do not roll over to the next month.',
  },
  {
    id: 'change-plan',
    question: 'Can I upgrade or downgrade my plan?',
    answer:
      'Yes. Upgrades take effect immediately, and downgrades take effect at the start of your next billing cycle.',
  },
];

export const ENHANCED_PAGE_FAQ: readonly FaqItem[] = [
  {
    id: 'what-is-a-run',
    question: 'What counts as an agent run?',
    answer: 'A simple query uses 1 run. A complex query that needs several research steps uses 2-3 runs.',
  },
  {
    id: 'extra-runs',
    question: 'What happens if I need more runs than my plan includes?',
    answer:
      'Extra agent runs cost $0.10 each. We notify you when you reach 80% and 100% of your usage, so there are no surprises.',
  },
  {
    id: 'rollover',
    question: 'Do unused runs roll over?',
    answer: 'No. Unused runs do not roll over to the next billing cycle.',
  },
  {
    id: 'change-plan',
    question: 'Can I change my plan later?',
    answer: 'Yes. Upgrades take effect immediately, and downgrades take effect at your next billing cycle.',
  },
  {
    id: 'refunds',
    question: 'Is there a money-back guarantee?',
    answer: 'Yes. All paid plans come with a 30-day money-back guarantee.',
  },
];
