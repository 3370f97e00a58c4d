/**
 * Credits (spec 2): the activities that cost credits and their default prices, the ledger's transaction types,
 * and the texts of spec 2 §8, defined once for the API, the web and the README.
 */

/** Every paid activity in the product. Prices are seeded into `credit_pricing`; operators may change them there. */
export const ACTIVITY_PRICES = [
  {
    activityType: 'company_search',
    creditsRequired: 1,
    category: 'companies',
    description: 'A Company Finder search',
  },
  {
    activityType: 'company_enrichment',
    creditsRequired: 2,
    category: 'companies',
    description: 'Enriching one company',
  },
  {
    activityType: 'contact_discovery',
    creditsRequired: 1,
    category: 'people',
    description: 'A People Finder search',
  },
  {
    activityType: 'email_finder',
    creditsRequired: 2,
    category: 'people',
    description: 'An e-mail address found',
  },
  {
    activityType: 'phone_finder',
    creditsRequired: 5,
    category: 'people',
    description: 'A phone number found',
  },
  { activityType: 'export', creditsRequired: 1, category: 'data', description: 'Exporting up to 100 rows' },
  { activityType: 'ai_query', creditsRequired: 1, category: 'ai', description: 'A copilot request' },
  {
    activityType: 'knowledge_chat',
    creditsRequired: 1,
    category: 'ai',
    description: 'A knowledge-base answer',
  },
  {
    activityType: 'document_processing',
    creditsRequired: 3,
    category: 'knowledge',
    description: 'Processing one document',
  },
  { activityType: 'rfp_answer', creditsRequired: 2, category: 'ai', description: 'Drafting one RFP answer' },
  {
    activityType: 'document_generation',
    creditsRequired: 5,
    category: 'ai',
    description: 'Generating one document',
  },
] as const;

export type ActivityType = (typeof ACTIVITY_PRICES)[number]['activityType'];

/** Keyed by ActivityType so a new paid activity fails to compile until it has a name. */
const ACTIVITY_LABELS: Record<ActivityType, string> = {
  company_search: 'Company search',
  company_enrichment: 'Company enrichment',
  contact_discovery: 'Contact discovery',
  email_finder: 'Email finder',
  phone_finder: 'Phone finder',
  export: 'Export',
  ai_query: 'AI query',
  knowledge_chat: 'Knowledge chat',
  document_processing: 'Document processing',
  rfp_answer: 'RFP answer',
  document_generation: 'Document generation',
};

/** 'company_search' -> 'Company search'; an activity an operator added later is spelled out from its key. */
export function activityLabel(activityType: string): string {
  const known = (ACTIVITY_LABELS as Record<string, string | undefined>)[activityType];
  if (known) return known;
  const words = activityType.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A usage row's words when its caller gave none: the activity's name, and how many ('Email finder x3'). */
export const usageDescription = (activityType: string, quantity: number): string =>
  quantity > 1 ? `${activityLabel(activityType)} x${quantity}` : activityLabel(activityType);

/**
 * A ledger row's description as shown: rows written before issue 25 carry the raw key ('knowledge_chat',
 * 'export x3'), which reads as the activity's name instead.
 */
export function ledgerDescription(activityType: string | null, description: string): string {
  if (!activityType) return description;
  if (description === activityType) return usageDescription(activityType, 1);
  const times = description.startsWith(`${activityType} x`)
    ? /^x(\d+)$/.exec(description.slice(activityType.length + 1))
    : null;
  return times ? usageDescription(activityType, Number(times[1])) : description;
}

/**
 * The ledger's row types. 'grant' is a plan's credits (at sign-up and at each new billing cycle), 'purchase' a
 * package or a plan upgrade, 'usage' a charge, 'expiry' the unused credits of a cycle that ended (no rollover).
 * 'plan_change' and 'cycle_reset' are only in older ledgers: the first moved the total at a downgrade, the
 * second gave the used credits back at a new cycle (the model before issue 21); we no longer write them.
 */
export const TRANSACTION_TYPES = [
  'grant',
  'purchase',
  'usage',
  'expiry',
  'plan_change',
  'cycle_reset',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * Which way each row type moves the remaining credits (total - used). The ledger invariant: the remaining
 * credits equal the signed sum of the ledger over all time.
 */
export const TRANSACTION_SIGN: Record<TransactionType, 1 | -1> = {
  grant: 1,
  purchase: 1,
  plan_change: 1,
  cycle_reset: 1,
  usage: -1,
  expiry: -1,
};

/** A ledger row's change to the remaining credits (a type we do not know counts as added, as the spec's default 'purchase'). */
export const signedCredits = (row: { transactionType: string; creditsAmount: number }): number =>
  ((TRANSACTION_SIGN as Record<string, 1 | -1 | undefined>)[row.transactionType] ?? 1) * row.creditsAmount;

/** Usage alerts (enhanced-pricing FAQ): once per threshold per cycle. */
export const USAGE_ALERT_THRESHOLDS = [80, 100] as const;

/** Spec 2 §8: messages returned to the caller. */
export const CREDIT_ERRORS = {
  insufficient: (required: number, available: number) =>
    `Insufficient credits. Required: ${required}, Available: ${available}`,
  pricingNotFound: (activity: string) => `Activity pricing not found for: ${activity}`,
  notFound: 'User credits not found',
  pricingTimeout: 'Database pricing query timeout after 15 seconds',
  accountTimeout: 'User credits query timeout after 15 seconds',
  validation: (message: string) => `Validation error: ${message}`,
  // Ours, not the spec's: Stripe Checkout needs the buyer on its page, so nothing can be bought unattended.
  autoTopUpUnavailable:
    'Automatic top-up is not available with Stripe payments: it needs a saved card, which Stripe Checkout does not keep for us. Buy a credit package whenever you need more credits.',
} as const;

/** Spec 2 §8: toasts. */
export const CREDIT_TOASTS = {
  insufficient: (activity: string, required: number, available: number) => ({
    title: 'Insufficient Credits',
    description: `${activity} requires ${required} credits. You have ${available} available.`,
  }),
  deductionFailed: {
    title: 'Credit Deduction Failed',
    description: 'Failed to deduct credits. Please try again.',
  },
  deducted: (credits: number, activity: string) => ({
    title: 'Credits Deducted',
    description: `${credits} credits used for ${activity}`,
  }),
  added: (credits: number) => ({
    title: 'Credits Added',
    description: `${credits} credits added to your account`,
  }),
  planUpdated: (plan: string) => ({
    title: 'Plan Updated',
    description: `Successfully upgraded to ${plan} plan`,
  }),
  purchaseSuccess: (credits: number) => ({
    title: 'Purchase Successful!',
    description: `${credits} credits have been added to your account`,
  }),
  purchaseFailed: {
    title: 'Purchase Failed',
    description: 'Failed to add credits to your account. Please try again.',
  },
  purchaseError: {
    title: 'Purchase Error',
    description: 'An error occurred during purchase. Please try again.',
  },
} as const;
