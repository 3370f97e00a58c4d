/**
 * The credit account over the API (spec 2): fetchers, query options and hooks, plus the toasts every paid
 * activity shows. Shared web code: the credits pages, the pricing page and the agents that charge use it.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ACTIVITY_PRICES,
  type ActivityType,
  activityLabel,
  CREDIT_TOASTS,
  type TransactionType,
} from '../../shared/credits.ts';
import {
  CREDITS_DEDUCTED_TOAST_PROBABILITY,
  type CreditPackageId,
  type CreditPlanId,
  TRANSACTION_HISTORY_LIMIT,
} from '../../shared/pricing.ts';
import { ApiError, apiFetch } from './api.ts';
import { toast } from './toast.ts';

// The activities' names are shared with the server (ledger descriptions); the web's pages import them from here.
export { activityLabel };

// The shapes of GET /api/v1/credits and friends (the OpenAPI document at /api/docs has them too).

export type CreditAccount = {
  planType: string;
  totalCredits: number;
  usedCredits: number;
  remainingCredits: number;
  billingCycleStart: string;
  billingCycleEnd: string;
  /** Used credits count the usage since then: the last new cycle, earlier than the cycle start after an upgrade. */
  usedSince: string;
  /** A downgrade that waits for the end of the billing cycle. */
  pendingPlanType: string | null;
  /** Usage alerts (percent) reached this cycle. */
  alerts: number[];
  autoTopUp: { packageId: CreditPackageId; below: number } | null;
};

export type ActivityPrice = {
  activityType: string;
  creditsRequired: number;
  category: string;
  description: string;
};

export type CreditTransaction = {
  id: string;
  transactionType: string;
  activityType: string | null;
  creditsAmount: number;
  description: string;
  createdAt: string;
};

export type TransactionPage = { transactions: CreditTransaction[]; nextCursor: string | null };

/** Ledger filters; `from` is inclusive and `to` exclusive (ISO instants). */
export type TransactionFilter = {
  type?: TransactionType;
  activity?: string;
  from?: string;
  to?: string;
};

/** How packages are paid for: the demo payment (no card), or Stripe Checkout (credits arrive by webhook). */
export type PaymentMode = 'demo' | 'stripe';

export type CreditPricing = { pricing: ActivityPrice[]; payments: PaymentMode };

/** A package granted on the spot (201, or 200 for a replayed idempotency key). */
export type Purchase = {
  transactionId: string;
  creditsAdded: number;
  account: CreditAccount;
  replayed: boolean;
};

/** Stripe mode (202): the browser goes to `checkoutUrl`; the credits come later, when Stripe confirms. */
export type Checkout = { checkoutUrl: string; sessionId: string };

export const isCheckout = (result: Purchase | Checkout): result is Checkout => 'checkoutUrl' in result;

/** GET /api/v1/credits/checkouts/:sessionId, after Stripe sent the user back. */
export type CheckoutStatus =
  | { status: 'pending' }
  | { status: 'granted'; creditsAdded: number; account: CreditAccount };

export type AutoTopUpSetting = NonNullable<CreditAccount['autoTopUp']>;

export type PlanChange = { change: 'upgrade' | 'downgrade'; account: CreditAccount };

/** What a paid request reports back about its charge. */
export type Charge = { activityType: string; creditsCharged: number };

// ---------------------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------------------

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  grant: 'Grant',
  purchase: 'Purchase',
  usage: 'Usage',
  expiry: 'Expired',
  plan_change: 'Plan change',
  cycle_reset: 'New cycle',
};

export function transactionTypeLabel(type: string): string {
  return (TRANSACTION_TYPE_LABELS as Record<string, string | undefined>)[type] ?? type;
}

const CATEGORY_LABELS: Record<string, string> = { ai: 'AI', data: 'Data export' };

/** A price category as a heading: 'companies' -> 'Companies', 'ai' -> 'AI'. */
export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category.charAt(0).toUpperCase() + category.slice(1);
}

const DAY = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** '2026-12-23T09:00:00Z' -> 'Dec 23, 2026' (the user's time zone). */
export const formatDay = (iso: string): string => DAY.format(new Date(iso));

/** 'Nov 23 – Dec 23, 2026', or with both years when they differ. */
export const formatDayRange = (from: string, to: string): string =>
  DAY.formatRange(new Date(from), new Date(to));

// ---------------------------------------------------------------------------------------------------------
// Fetchers, query options, hooks
// ---------------------------------------------------------------------------------------------------------

const CREDITS_KEY = ['credits'] as const;

export const getCredits = () => apiFetch<CreditAccount>('/api/v1/credits');

export const creditsQueryOptions = () =>
  // Balances move with every agent run: a minute is as stale as a balance may get.
  queryOptions({
    queryKey: [...CREDITS_KEY, 'account'],
    queryFn: getCredits,
    staleTime: 60_000,
    // Below the automatic top-up's threshold the server is buying credits: look again until they arrive.
    refetchInterval: (query) => {
      const account = query.state.data;
      return account?.autoTopUp && account.remainingCredits < account.autoTopUp.below ? 3000 : false;
    },
  });

export const useCredits = (enabled = true) => useQuery({ ...creditsQueryOptions(), enabled });

/** The prices and the payment mode (a server without `payments` predates Stripe: it takes demo payments). */
export const getCreditPricing = () =>
  apiFetch<{ pricing: ActivityPrice[]; payments?: PaymentMode }>('/api/v1/credits/pricing').then(
    (body): CreditPricing => ({ pricing: body.pricing, payments: body.payments ?? 'demo' }),
  );

export const creditPricingQueryOptions = () =>
  queryOptions({ queryKey: [...CREDITS_KEY, 'pricing'], queryFn: getCreditPricing });

export const useCreditPricing = () =>
  useQuery({ ...creditPricingQueryOptions(), select: (body) => body.pricing });

/** An activity's price as the server lists it now; the seeded default until it has answered. */
export function useActivityPrice(activityType: ActivityType): number {
  const pricing = useCreditPricing();
  const listed = pricing.data?.find((price) => price.activityType === activityType)?.creditsRequired;
  return listed ?? ACTIVITY_PRICES.find((price) => price.activityType === activityType)?.creditsRequired ?? 0;
}

/** 'demo' or 'stripe'; undefined until the server has said (or when it could not be asked). */
export const usePaymentMode = (): PaymentMode | undefined =>
  useQuery({ ...creditPricingQueryOptions(), select: (body) => body.payments }).data;

export function getTransactions(
  filter: TransactionFilter,
  cursor: string | null = null,
  limit = TRANSACTION_HISTORY_LIMIT,
): Promise<TransactionPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  return apiFetch<TransactionPage>(`/api/v1/credits/transactions?${params}`);
}

/** Largest page the ledger serves; used when every row is needed (exports, the usage chart). */
const FULL_PAGE = 1000;

/** Every ledger row matching the filter, newest first, page by page. */
export async function getAllTransactions(filter: TransactionFilter): Promise<CreditTransaction[]> {
  const rows: CreditTransaction[] = [];
  let cursor: string | null = null;
  do {
    const page: TransactionPage = await getTransactions(filter, cursor, FULL_PAGE);
    rows.push(...page.transactions);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** The ledger, newest first, 50 rows a page ('Load more' fetches the next). */
export const transactionsQueryOptions = (filter: TransactionFilter) =>
  infiniteQueryOptions({
    queryKey: [...CREDITS_KEY, 'transactions', filter],
    queryFn: ({ pageParam }) => getTransactions(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useTransactions = (filter: TransactionFilter) =>
  // While a new filter loads, the old rows stay on screen instead of a flash of skeletons.
  useInfiniteQuery({ ...transactionsQueryOptions(filter), placeholderData: keepPreviousData });

/** The usage rows of the cycle that started at `cycleStart` (for the chart of credits used per day). */
export const cycleUsageQueryOptions = (cycleStart: string) =>
  queryOptions({
    queryKey: [...CREDITS_KEY, 'cycle-usage', cycleStart],
    queryFn: () => getAllTransactions({ type: 'usage', from: cycleStart }),
    staleTime: 0,
  });

export const useCycleUsage = (cycleStart: string | undefined) =>
  useQuery({ ...cycleUsageQueryOptions(cycleStart ?? ''), enabled: cycleStart !== undefined });

/**
 * The total the page itself last moved the account to (a purchase, a plan change): CreditsAddedNotice leaves
 * those to their own toasts and announces only credits that arrived otherwise.
 */
let announcedTotal: number | null = null;
export const isAnnouncedTotal = (total: number): boolean => total === announcedTotal;

/** After credits moved: the account, the ledger and the chart are read again (prices did not change). */
export function invalidateCredits(queryClient: QueryClient, account?: CreditAccount): Promise<void> {
  if (account) {
    announcedTotal = account.totalCredits;
    queryClient.setQueryData(creditsQueryOptions().queryKey, account);
  }
  return queryClient.invalidateQueries({
    queryKey: CREDITS_KEY,
    predicate: (query) => query.queryKey[1] !== 'pricing',
  });
}

/** A fresh key per purchase; randomUUID needs a secure context, a self-hosted http:// address is not one. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

type PurchaseInput = { packageId: CreditPackageId; idempotencyKey: string };

/**
 * Buys a package: a Purchase when the credits are granted at once (demo payments), a Checkout when the user
 * must pay on Stripe first (see goToCheckout). The caller makes one idempotency key per submission; a request
 * lost on the network is retried once with the same key, so it can never grant twice.
 */
export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseInput) =>
      apiFetch<Purchase | Checkout>('/api/v1/credits/purchases', { method: 'POST', body: input }),
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError),
    onSuccess: (result) => (isCheckout(result) ? undefined : invalidateCredits(queryClient, result.account)),
  });
}

/** Leaves for Stripe Checkout; only an http(s) address is followed (never a `javascript:` one). */
export function goToCheckout(checkout: Checkout): void {
  const url = new URL(checkout.checkoutUrl, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Refusing to open a checkout at ${url.protocol}`);
  }
  window.location.assign(url.href);
}

export const getCheckoutStatus = (sessionId: string) =>
  apiFetch<CheckoutStatus>(`/api/v1/credits/checkouts/${encodeURIComponent(sessionId)}`);

/** Spec 2 §5's automatic top-up, opt-in: buy `packageId` when fewer than `below` credits remain; null is off. */
export function useAutoTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: AutoTopUpSetting | null) =>
      apiFetch<CreditAccount>('/api/v1/credits/auto-top-up', { method: 'PUT', body: { setting } }),
    onSuccess: (account) => invalidateCredits(queryClient, account),
  });
}

/** Changes plan: an upgrade applies now, a downgrade at the end of the billing cycle. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: CreditPlanId) =>
      apiFetch<PlanChange>('/api/v1/credits/plan', { method: 'PUT', body: { planId } }),
    onSuccess: (result) => invalidateCredits(queryClient, result.account),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Toasts of spec 2 §8
// ---------------------------------------------------------------------------------------------------------

/** Spec 2 §8: 'Credits Deducted' appears on about one charge in ten, so it informs without nagging. */
export function notifyCharge(charge: Charge, random: () => number = Math.random): void {
  if (random() >= CREDITS_DEDUCTED_TOAST_PROBABILITY) return;
  toast(CREDIT_TOASTS.deducted(charge.creditsCharged, activityLabel(charge.activityType)));
}

/** A downgrade is not immediate: say when it happens (our text; spec 2 §8 has only the upgrade's). */
export const planScheduledToast = (plan: string, cycleEnd: string) => ({
  title: 'Plan Change Scheduled',
  description: `You move to the ${plan} plan at the end of your billing cycle, on ${formatDay(cycleEnd)}.`,
});

/** The 402's `{ required, available }`, or the figures of its message if the details are missing. */
function shortfall(err: ApiError): { required: number; available: number } {
  const details = err.details as { required?: unknown; available?: unknown } | null;
  if (typeof details?.required === 'number' && typeof details.available === 'number') {
    return { required: details.required, available: details.available };
  }
  const match = /Required: (\d+), Available: (\d+)/.exec(err.message);
  return { required: Number(match?.[1] ?? 0), available: Number(match?.[2] ?? 0) };
}

/** True for the 402 of a charge the account cannot cover. */
export const isInsufficientCredits = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 402;

/** True for the server's 'Credit Deduction Failed' (a charge that broke, not one refused for credits). */
export const isDeductionFailure = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.code === 'CREDIT_DEDUCTION_FAILED';

/**
 * The credit toasts of spec 2 §8 for a paid action that failed over its credits: 'Insufficient Credits'
 * ('{activity} requires {n} credits. You have {m} available.') for the server's 402, 'Credit Deduction Failed'
 * for a charge that broke. Returns false for any other error so the caller can report it its own way.
 */
export function toastCreditFailure(err: unknown, activity: string): boolean {
  if (isDeductionFailure(err)) {
    toast({ ...CREDIT_TOASTS.deductionFailed, variant: 'destructive' });
    return true;
  }
  if (!isInsufficientCredits(err)) return false;
  const { required, available } = shortfall(err);
  toast({ ...CREDIT_TOASTS.insufficient(activity, required, available), variant: 'destructive' });
  return true;
}
