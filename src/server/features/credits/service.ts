import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import {
  CREDIT_ERRORS,
  CREDIT_TOASTS,
  ledgerDescription,
  TRANSACTION_SIGN,
  TRANSACTION_TYPES,
  type TransactionType,
  usageDescription,
} from '../../../shared/credits.ts';
import {
  BILLING_CYCLE_DAYS,
  CREDIT_PACKAGES,
  type CreditPackage,
  type CreditPackageId,
  type CreditPlanId,
  DEFAULT_CREDIT_ACCOUNT,
  isPlanUpgrade,
  PLANS,
  packageCredits,
  planName,
} from '../../../shared/pricing.ts';
import { isUuid } from '../../../shared/uuid.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/pglite-thread.ts';
import { creditPricing, creditTransactions, userCredits } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { AppError } from '../../http/errors.ts';
import { recordEvent } from '../events/service.ts';
import { type PaidCheckout, type PaymentPort, packageAmountCents } from './payments.ts';

export type CreditAccount = {
  planType: string;
  totalCredits: number;
  usedCredits: number;
  remainingCredits: number;
  billingCycleStart: string;
  billingCycleEnd: string;
  /**
   * `usedCredits` counts the usage since then (the last roll-over). After an upgrade it is earlier than the
   * cycle start: the upgrade starts a new cycle but gives nothing back, so the usage chart starts here.
   */
  usedSince: string;
  /** A downgrade waiting for the end of the cycle. */
  pendingPlanType: string | null;
  /** Usage alerts reached this cycle (percent of the cycle's credits). */
  alerts: number[];
  autoTopUp: { packageId: CreditPackageId; below: number } | null;
};

export type AccountDefaults = { planType: string; totalCredits: number };

export const DEFAULT_ACCOUNT: AccountDefaults = {
  planType: DEFAULT_CREDIT_ACCOUNT.plan_type,
  totalCredits: DEFAULT_CREDIT_ACCOUNT.total_credits,
};

type AccountRow = typeof userCredits.$inferSelect;

const CYCLE = sql.raw(`interval '${BILLING_CYCLE_DAYS} days'`);

function toAccount(row: AccountRow): CreditAccount {
  return {
    planType: row.planType,
    totalCredits: row.totalCredits,
    usedCredits: row.usedCredits,
    remainingCredits: row.totalCredits - row.usedCredits,
    billingCycleStart: row.billingCycleStart.toISOString(),
    billingCycleEnd: row.billingCycleEnd.toISOString(),
    usedSince: row.usedSince.toISOString(),
    pendingPlanType: row.pendingPlanType,
    alerts: [80, 100].filter((_, i) => (row.alertsSent & (1 << i)) !== 0),
    autoTopUp:
      row.autoTopUpPackageId && row.autoTopUpBelow !== null
        ? { packageId: row.autoTopUpPackageId as CreditPackageId, below: row.autoTopUpBelow }
        : null,
  };
}

function ledger(
  tx: Db,
  userId: string,
  type: TransactionType,
  creditsAmount: number,
  description: string,
  extra: { activityType?: string; idempotencyKey?: string } = {},
) {
  // clock_timestamp(), not now(): a row must be stamped when it is written, not when its transaction began,
  // or a charge that waited for a new cycle's lock would be dated into the old cycle.
  return tx
    .insert(creditTransactions)
    .values({
      userId,
      transactionType: type,
      creditsAmount,
      description,
      createdAt: sql`clock_timestamp()`,
      ...extra,
    })
    .onConflictDoNothing()
    .returning({ id: creditTransactions.id });
}

/** Spec 2 §4: the default account on first use, with its grant in the ledger (one transaction). */
async function ensureAccount(tx: Db, userId: string, defaults: AccountDefaults): Promise<void> {
  const created = await tx
    .insert(userCredits)
    .values({
      userId,
      planType: defaults.planType,
      totalCredits: defaults.totalCredits,
      billingCycleStart: sql`clock_timestamp()`,
      billingCycleEnd: sql`clock_timestamp() + ${CYCLE}`,
      usedSince: sql`clock_timestamp()`,
    })
    .onConflictDoNothing()
    .returning({ userId: userCredits.userId });
  if (created.length > 0) {
    await ledger(tx, userId, 'grant', defaults.totalCredits, `Initial credits (${defaults.planType} plan)`);
  }
}

const planById = (id: string) => PLANS.find((plan) => plan.id === id);

/** A plan's credits for one cycle; the default plan (and any plan we do not list) gets the default account's. */
const planGrant = (planType: string, defaults: AccountDefaults) =>
  planById(planType)?.credits ?? defaults.totalCredits;

/**
 * Starts the cycle that is due, with no rollover (the credit FAQ): the ending cycle's unused credits expire,
 * and the new cycle grants the plan's credits (a waiting downgrade's plan from now on). Cycles follow each
 * other without gaps; `used_since` is stamped under the row lock, so every usage row falls on one side of it.
 */
async function rollOverIfDue(tx: Db, userId: string, defaults: AccountDefaults): Promise<void> {
  const [due] = await queryRows<{
    used_credits: number;
    total_credits: number;
    plan_type: string;
    pending_plan_type: string | null;
    new_start: Date;
  }>(
    tx,
    sql`select used_credits, total_credits, plan_type, pending_plan_type,
               billing_cycle_end + floor(extract(epoch from clock_timestamp() - billing_cycle_end)
                 / extract(epoch from ${CYCLE})) * ${CYCLE} as new_start
        from user_credits where user_id = ${userId} and billing_cycle_end <= clock_timestamp() for update`,
  );
  if (!due) return;
  const planType = due.pending_plan_type ?? due.plan_type;
  const grant = planGrant(planType, defaults);
  const unused = Number(due.total_credits) - Number(due.used_credits);
  const newStart = new Date(due.new_start).toISOString();
  await tx
    .update(userCredits)
    .set({
      planType,
      totalCredits: grant,
      usedCredits: 0,
      usedSince: sql`clock_timestamp()`,
      billingCycleStart: sql`${newStart}::timestamptz`,
      billingCycleEnd: sql`${newStart}::timestamptz + ${CYCLE}`,
      pendingPlanType: null,
      alertsSent: 0,
      updatedAt: new Date(),
    })
    .where(eq(userCredits.userId, userId));
  if (unused > 0) {
    await ledger(
      tx,
      userId,
      'expiry',
      unused,
      `${unused} unused credits expired at the end of the billing cycle`,
    );
  }
  await ledger(tx, userId, 'grant', grant, `Monthly credits, ${planName(planType)} plan`);
}

/** Starts a due billing cycle for one account (the periodic job; reads and charges do it themselves). */
export function rollOverAccount(db: Db, userId: string, defaults = DEFAULT_ACCOUNT): Promise<void> {
  return withUser(db, userId, (tx) => rollOverIfDue(tx, userId, defaults));
}

/** The caller's account as it stands now, created and rolled over as needed. */
async function currentRow(
  tx: Db,
  userId: string,
  defaults: AccountDefaults,
  lock = false,
): Promise<AccountRow> {
  await ensureAccount(tx, userId, defaults);
  await rollOverIfDue(tx, userId, defaults);
  const query = tx.select().from(userCredits).where(eq(userCredits.userId, userId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('NOT_FOUND', 404, CREDIT_ERRORS.notFound);
  return row;
}

export function getAccount(db: Db, caller: Caller, defaults = DEFAULT_ACCOUNT): Promise<CreditAccount> {
  return withUser(db, caller.id, async (tx) => toAccount(await currentRow(tx, caller.id, defaults)));
}

export type ActivityPrice = {
  activityType: string;
  creditsRequired: number;
  category: string;
  description: string;
};

/** Spec 2 §7 call 5: the active prices, by category. */
export async function listPricing(db: Db): Promise<ActivityPrice[]> {
  return db
    .select({
      activityType: creditPricing.activityType,
      creditsRequired: creditPricing.creditsRequired,
      category: creditPricing.category,
      description: creditPricing.description,
    })
    .from(creditPricing)
    .where(eq(creditPricing.isActive, true))
    .orderBy(creditPricing.category, creditPricing.activityType);
}

const insufficient = (required: number, available: number) =>
  new AppError('INSUFFICIENT_CREDITS', 402, CREDIT_ERRORS.insufficient(required, available), {
    required,
    available,
  });

function checkQuantity(quantity: number) {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100_000) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      CREDIT_ERRORS.validation('quantity must be a whole number from 1'),
    );
  }
}

export type Charge = {
  activityType: string;
  quantity: number;
  creditsCharged: number;
  account: CreditAccount;
};

/** What a charge reports back so the caller can tell the user (usage alerts go out by mail). */
export type ChargeHooks = {
  onAlert?: (caller: Caller, percent: number, account: CreditAccount) => void;
  /** Remaining credits fell below the automatic top-up threshold (never blocks the charge). */
  onLow?: (caller: Caller, account: CreditAccount) => void;
};

/**
 * Spec 2 §5 validation without charging: an active price exists and enough credits remain. Used before work
 * starts, so that work is never done for a user who could not pay for it.
 */
export async function checkCredits(
  db: Db,
  caller: Caller,
  activity: string,
  quantity = 1,
  defaults = DEFAULT_ACCOUNT,
) {
  checkQuantity(quantity);
  // Read before the transaction: PGlite has one connection, so a query on `db` inside it would wait forever.
  const cost = (await cachedPrice(db, activity)) * quantity;
  // Fast path, as for a charge: one statement for an account in its current cycle (the common case; it names
  // the caller's row itself). A missing account or a finished cycle takes the user-scoped path below.
  const [current] = await queryRows<{ available: number }>(
    db,
    sql`select total_credits - used_credits as available from user_credits
        where user_id = ${caller.id}::uuid and billing_cycle_end > clock_timestamp()`,
  );
  if (current) {
    const available = Number(current.available);
    if (available < cost) throw insufficient(cost, available);
    return { cost, available };
  }
  return withUser(db, caller.id, async (tx) => {
    const row = await currentRow(tx, caller.id, defaults);
    const available = row.totalCredits - row.usedCredits;
    if (available < cost) throw insufficient(cost, available);
    return { cost, available };
  });
}

/**
 * An agent's successful run, recorded in `agent_executions` by the statement that charges for it (one round
 * trip for both): a charge that fails records nothing, and the run's recorder records the failure.
 */
export type ChargedRun = { agentId: string; inputSummary: string; durationMs: number };

type ChargeOptions = {
  description?: string;
  defaults?: AccountDefaults;
  hooks?: ChargeHooks;
  run?: ChargedRun;
};

/** What `quantity` of `activity` costs, and the ledger's words for it. */
async function priced(db: Db, activity: string, quantity: number, description: string | undefined) {
  checkQuantity(quantity);
  return {
    cost: (await cachedPrice(db, activity)) * quantity,
    description: description ?? usageDescription(activity, quantity),
  };
}

/**
 * The one way credits are spent. One call (see migration 0003) takes the credits only if they are there (so
 * concurrent charges can neither overdraw nor lose an update) and writes the 'usage' row with them. Callers
 * charge after their work succeeded (see `chargeAfter`), so failed work costs nothing.
 */
export async function chargeCredits(
  db: Db,
  caller: Caller,
  activity: string,
  quantity = 1,
  options: ChargeOptions = {},
): Promise<Charge> {
  const { cost, description } = await priced(db, activity, quantity, options.description);
  const row = await deducting(
    async () =>
      (await chargeStatement(db, caller.id, activity, cost, description, options.run)) ??
      (await chargeSlowly(db, caller, activity, cost, description, options)),
  );
  return charged(db, caller, activity, quantity, cost, row, options.hooks);
}

/**
 * Spec 2 §8 'Credit Deduction Failed': a charge that broke (not one refused for credits, nor a database that
 * is being replaced) answers with the spec's words, so the page can say so; the cause goes to the log.
 */
async function deducting<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
    const failed = new AppError('CREDIT_DEDUCTION_FAILED', 500, CREDIT_TOASTS.deductionFailed.description);
    failed.cause = err;
    throw failed;
  }
}

/**
 * A read that pays for itself: `statement` (one row) and, in the same statement (one round trip), the charge
 * for it, taken only when `found` (a condition over the row's columns) holds: a search that found nothing is
 * free. The charge is the one `chargeCredits` makes, and a short balance refuses it the same way (402), after
 * the read: a user who cannot pay sees nothing.
 */
export async function chargeAlong<Row>(
  db: Db,
  caller: Caller,
  activity: string,
  read: { statement: SQL; found: SQL },
  options: ChargeOptions = {},
): Promise<{ row: Row | undefined; charge: Charge | null }> {
  const quantity = 1;
  const { cost, description } = await priced(db, activity, quantity, options.description);
  const [result] = await queryRows<{ read: Row; found: boolean; charged: Record<string, unknown> | null }>(
    db,
    sql`with work as (${read.statement}), ${chargeClauses(
      caller.id,
      { activity, cost, description, run: options.run },
      sql`select ${caller.id}::uuid as user_id from work where ${read.found}`,
    )} select to_json(work) as read, ${read.found} as found,
      (select to_json(charged) from charged) as charged from work`,
  );
  if (!result?.found) return { row: result?.read, charge: null };
  const row = result.charged
    ? accountRow(result.charged)
    : await chargeSlowly(db, caller, activity, cost, description, options);
  return {
    row: result.read,
    charge: await charged(db, caller, activity, quantity, cost, row, options.hooks),
  };
}

/**
 * A charge the one call could not make: a missing account, a finished cycle or a short balance, in a
 * user-scoped transaction (402 when the credits are not there).
 */
function chargeSlowly(
  db: Db,
  caller: Caller,
  activity: string,
  cost: number,
  description: string,
  options: ChargeOptions,
): Promise<AccountRow> {
  return withUser(db, caller.id, async (tx) => {
    const defaults = options.defaults ?? DEFAULT_ACCOUNT;
    await ensureAccount(tx, caller.id, defaults);
    await rollOverIfDue(tx, caller.id, defaults);
    const row = await chargeStatement(tx, caller.id, activity, cost, description, options.run);
    if (row) return row;
    const [current] = await tx.select().from(userCredits).where(eq(userCredits.userId, caller.id));
    throw insufficient(cost, current ? current.totalCredits - current.usedCredits : 0);
  });
}

/** A charge made: the usage alerts it crossed and the low-balance top-up, then what it reports. */
async function charged(
  db: Db,
  caller: Caller,
  activity: string,
  quantity: number,
  cost: number,
  row: AccountRow,
  hooks: ChargeHooks | undefined,
): Promise<Charge> {
  let account = toAccount(row);
  if (account.autoTopUp && account.remainingCredits < account.autoTopUp.below)
    hooks?.onLow?.(caller, account);
  for (const [bit, percent] of ALERTS) {
    if (row.alertsSent & bit || row.usedCredits * 100 < row.totalCredits * percent) continue;
    // Each threshold is claimed by exactly one charge per cycle: the WHERE is re-checked under the row lock.
    // The credits.low event is written with the claim, so each threshold makes one event per cycle.
    const claimed = await withUser(db, caller.id, async (tx) => {
      const [row] = await tx
        .update(userCredits)
        .set({ alertsSent: sql`${userCredits.alertsSent} | ${bit}` })
        .where(
          and(
            eq(userCredits.userId, caller.id),
            sql`${userCredits.alertsSent} & ${bit} = 0`,
            sql`${userCredits.usedCredits} * 100 >= ${userCredits.totalCredits} * ${percent}`,
          ),
        )
        .returning();
      if (row) {
        const remaining = row.totalCredits - row.usedCredits;
        await recordEvent(tx, {
          userId: caller.id,
          type: 'credits.low',
          subjectType: 'credits',
          summary: `${percent}% of this cycle's credits used: ${remaining} of ${row.totalCredits} left`,
          data: {
            percent,
            usedCredits: row.usedCredits,
            totalCredits: row.totalCredits,
            remainingCredits: remaining,
            billingCycleEnd: row.billingCycleEnd.toISOString(),
          },
        });
      }
      return row;
    });
    if (claimed) {
      account = toAccount(claimed);
      hooks?.onAlert?.(caller, percent, account);
    }
  }
  return { activityType: activity, quantity, creditsCharged: cost, account };
}

const ALERTS = [
  [1, 80],
  [2, 100],
] as const;

/**
 * The charge as WITH clauses: `charged` (the account row after the conditional deduction and its ledger row;
 * none when the credits are not there) and, with `run`, `recorded` (the run it pays for). With `gate` (a
 * query of one `user_id` column), the charge is made once per row it returns: none charges nothing.
 */
function chargeClauses(
  userId: string,
  charge: { activity: string; cost: number; description: string; run?: ChargedRun },
  gate?: SQL,
): SQL {
  const { activity, cost, description, run } = charge;
  const call = (user: SQL) => sql`charge_credits(${user}, ${activity}, ${cost}::integer, ${description})`;
  // The gate's column is the function's argument, so the call is made per gate row, never before it.
  const charged = gate
    ? sql`select c.* from (${gate}) g cross join lateral ${call(sql`g.user_id`)} c`
    : sql`select * from ${call(sql`${userId}::uuid`)}`;
  // A data-modifying WITH runs whether or not it is read; from `charged`, it records only a charge that
  // happened, and `charged`, read twice, charges once.
  const recorded = run
    ? sql`, recorded as (
        insert into agent_executions (user_id, agent_id, input_summary, credits, duration_ms, status)
        select ${userId}::uuid, ${run.agentId}, ${run.inputSummary}, ${cost}::integer,
          ${Math.max(0, Math.round(run.durationMs))}::integer, 'succeeded' from charged
      )`
    : sql``;
  return sql`charged as (${charged})${recorded}`;
}

/** The conditional deduction and its ledger row (and its run, when given); no row when the credits are not there. */
async function chargeStatement(
  db: Db,
  userId: string,
  activity: string,
  cost: number,
  description: string,
  run?: ChargedRun,
): Promise<AccountRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${chargeClauses(userId, { activity, cost, description, run })} select * from charged`,
  );
  return row && accountRow(row);
}

/** An account row as the charge function returns it (or as JSON), typed. */
function accountRow(row: Record<string, unknown>): AccountRow {
  return {
    userId: row.user_id as string,
    planType: row.plan_type as string,
    totalCredits: Number(row.total_credits),
    usedCredits: Number(row.used_credits),
    billingCycleStart: new Date(row.billing_cycle_start as string),
    billingCycleEnd: new Date(row.billing_cycle_end as string),
    usedSince: new Date(row.used_since as string),
    pendingPlanType: (row.pending_plan_type as string | null) ?? null,
    alertsSent: Number(row.alerts_sent),
    autoTopUpPackageId: (row.auto_top_up_package_id as string | null) ?? null,
    autoTopUpBelow: row.auto_top_up_below == null ? null : Number(row.auto_top_up_below),
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

/** Prices change rarely (an operator edits credit_pricing); each server keeps them for half a minute. */
const PRICE_TTL_MS = 30_000;
const prices = new WeakMap<Db, { at: number; byActivity: Map<string, number> }>();

async function cachedPrice(db: Db, activity: string): Promise<number> {
  let cached = prices.get(db);
  if (!cached || Date.now() - cached.at > PRICE_TTL_MS) {
    const rows = await db
      .select({ activity: creditPricing.activityType, credits: creditPricing.creditsRequired })
      .from(creditPricing)
      .where(eq(creditPricing.isActive, true));
    cached = { at: Date.now(), byActivity: new Map(rows.map((r) => [r.activity, r.credits])) };
    prices.set(db, cached);
  }
  const price = cached.byActivity.get(activity);
  if (price === undefined) throw new AppError('NOT_FOUND', 404, CREDIT_ERRORS.pricingNotFound(activity));
  return price;
}

export type Purchase = {
  transactionId: string;
  creditsAdded: number;
  account: CreditAccount;
  replayed: boolean;
};

/** A purchase that continues on the provider's checkout page; the credits come with its webhook. */
export type PendingCheckout = { checkoutUrl: string; sessionId: string };

/** The ledger row an idempotency key already wrote, if any. */
async function grantedFor(tx: Db, userId: string, idempotencyKey: string) {
  const [row] = await tx
    .select({ id: creditTransactions.id, amount: creditTransactions.creditsAmount })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * Adds a package's credits plus its bonus, once per idempotency key: the ledger's unique key settles even two
 * grants racing each other (a retried request, a webhook delivered twice).
 */
function grantPackage(
  db: Db,
  userId: string,
  pkg: CreditPackage,
  idempotencyKey: string,
  defaults: AccountDefaults,
  automatic = false,
): Promise<Purchase> {
  const credits = packageCredits(pkg);
  return withUser(db, userId, async (tx) => {
    await currentRow(tx, userId, defaults);
    const what = pkg.bonus
      ? `${pkg.name}: ${pkg.credits} credits + ${pkg.bonus} bonus`
      : `${pkg.name}: ${pkg.credits} credits`;
    const description = automatic ? `Automatic top-up, ${what}` : what;
    const [inserted] = await ledger(tx, userId, 'purchase', credits, description, { idempotencyKey });
    if (inserted) {
      await tx
        .update(userCredits)
        .set({ totalCredits: sql`${userCredits.totalCredits} + ${credits}`, updatedAt: new Date() })
        .where(eq(userCredits.userId, userId));
    }
    const earlier = inserted ? null : await grantedFor(tx, userId, idempotencyKey);
    return {
      transactionId: inserted?.id ?? earlier?.id ?? '',
      creditsAdded: earlier?.amount ?? credits,
      account: toAccount(await currentRow(tx, userId, defaults)),
      replayed: !inserted,
    };
  });
}

/**
 * Buys a package. The demo pays on the spot and grants at once; Stripe returns a checkout page and grants
 * when its webhook arrives. A key that already granted answers with that grant (a double click, a retry).
 */
export async function purchasePackage(
  db: Db,
  caller: Caller,
  packageId: string,
  idempotencyKey: string,
  payments: PaymentPort,
  defaults = DEFAULT_ACCOUNT,
  /** Bought by the automatic top-up, not by the user: the ledger says so. */
  automatic = false,
): Promise<Purchase | PendingCheckout> {
  const pkg = CREDIT_PACKAGES.find((p) => p.id === packageId);
  if (!pkg)
    throw new AppError('VALIDATION_ERROR', 400, CREDIT_ERRORS.validation(`unknown package ${packageId}`));
  const replay = await withUser(db, caller.id, async (tx) => {
    const row = await grantedFor(tx, caller.id, idempotencyKey);
    return row
      ? {
          transactionId: row.id,
          creditsAdded: row.amount,
          account: toAccount(await currentRow(tx, caller.id, defaults)),
          replayed: true,
        }
      : null;
  });
  if (replay) return replay;

  const payment = await payments.checkout({ caller, pkg, idempotencyKey });
  if (!payment.paid) return { checkoutUrl: payment.checkoutUrl, sessionId: payment.sessionId };
  return grantPackage(db, caller.id, pkg, idempotencyKey, defaults, automatic);
}

/** The ledger key of a provider's checkout session: one grant per session, however often it is reported. */
const checkoutKey = (sessionId: string) => `checkout:${sessionId}`;

export type PaidCheckoutOutcome =
  | { granted: true; purchase: Purchase }
  | { granted: false; reason: 'unknown package' | 'amount mismatch' | 'unknown user' };

/**
 * Grants the package of a paid checkout the provider reported (verified webhook). A payment that does not
 * match its package's price, or names no known user, grants nothing: the caller logs it for a person to see.
 */
export async function grantPaidCheckout(
  db: Db,
  paid: PaidCheckout,
  defaults = DEFAULT_ACCOUNT,
): Promise<PaidCheckoutOutcome> {
  const pkg = CREDIT_PACKAGES.find((p) => p.id === paid.packageId);
  if (!pkg) return { granted: false, reason: 'unknown package' };
  if (paid.currency !== 'usd' || paid.amount !== packageAmountCents(pkg)) {
    return { granted: false, reason: 'amount mismatch' };
  }
  // Metadata is free text: a string that is not a uuid names nobody (and must not fail the uuid cast).
  const [user] = isUuid(paid.userId)
    ? await queryRows<{ id: string }>(db, sql`select id from users where id = ${paid.userId}`)
    : [];
  if (!user) return { granted: false, reason: 'unknown user' };
  return {
    granted: true,
    purchase: await grantPackage(db, user.id, pkg, checkoutKey(paid.sessionId), defaults),
  };
}

export type CheckoutStatus =
  | { status: 'pending' }
  | { status: 'granted'; creditsAdded: number; account: CreditAccount };

/** Whether the caller's checkout session has been paid and granted yet (the page polls it on return). */
export function checkoutStatus(
  db: Db,
  caller: Caller,
  sessionId: string,
  defaults = DEFAULT_ACCOUNT,
): Promise<CheckoutStatus> {
  return withUser(db, caller.id, async (tx) => {
    const row = await grantedFor(tx, caller.id, checkoutKey(sessionId));
    if (!row) return { status: 'pending' };
    return {
      status: 'granted',
      creditsAdded: row.amount,
      account: toAccount(await currentRow(tx, caller.id, defaults)),
    };
  });
}

export type PlanChange = { change: 'upgrade' | 'downgrade'; account: CreditAccount };

/**
 * Spec 2 §4 with both FAQs: an upgrade applies now (plan, total raised only if higher, a new cycle from today);
 * a downgrade waits for the end of the cycle. Neither touches the used credits: a plan change gives nothing
 * back, and adds credits only as the upgrade's 'purchase' row.
 */
export function changePlan(
  db: Db,
  caller: Caller,
  planId: CreditPlanId,
  defaults = DEFAULT_ACCOUNT,
): Promise<PlanChange> {
  const plan = planById(planId);
  if (!plan) throw new AppError('VALIDATION_ERROR', 400, CREDIT_ERRORS.validation(`unknown plan ${planId}`));
  return withUser(db, caller.id, async (tx) => {
    // Locked: the new total is computed from this row, and a purchase in between must not be overwritten.
    const row = await currentRow(tx, caller.id, defaults, true);
    if (row.planType === plan.id) throw new AppError('CONFLICT', 409, `${plan.name} is already your plan`);
    if (!isPlanUpgrade(row.planType, plan.id)) {
      await tx
        .update(userCredits)
        .set({ pendingPlanType: plan.id, updatedAt: new Date() })
        .where(eq(userCredits.userId, caller.id));
      return { change: 'downgrade', account: toAccount(await currentRow(tx, caller.id, defaults)) };
    }
    const newTotal = Math.max(row.totalCredits, plan.credits);
    await tx
      .update(userCredits)
      .set({
        planType: plan.id,
        totalCredits: newTotal,
        billingCycleStart: sql`clock_timestamp()`,
        billingCycleEnd: sql`clock_timestamp() + ${CYCLE}`,
        pendingPlanType: null,
        // An alert already sent stays sent while the usage is still past its threshold of the new total.
        alertsSent: alertsReached(row.alertsSent, row.usedCredits, newTotal),
        updatedAt: new Date(),
      })
      .where(eq(userCredits.userId, caller.id));
    if (newTotal > row.totalCredits) {
      await ledger(tx, caller.id, 'purchase', newTotal - row.totalCredits, `Plan upgrade to ${plan.name}`);
    }
    return { change: 'upgrade', account: toAccount(await currentRow(tx, caller.id, defaults)) };
  });
}

const alertsReached = (sent: number, used: number, total: number) =>
  ALERTS.reduce(
    (bits, [bit, percent]) => (sent & bit && used * 100 >= total * percent ? bits | bit : bits),
    0,
  );

/** Spec 2 §5, opt-in: buy `packageId` whenever fewer than `below` credits remain (null switches it off). */
export function setAutoTopUp(
  db: Db,
  caller: Caller,
  setting: { packageId: CreditPackageId; below: number } | null,
  defaults = DEFAULT_ACCOUNT,
): Promise<CreditAccount> {
  return withUser(db, caller.id, async (tx) => {
    await currentRow(tx, caller.id, defaults);
    await tx
      .update(userCredits)
      .set({
        autoTopUpPackageId: setting?.packageId ?? null,
        autoTopUpBelow: setting?.below ?? null,
        updatedAt: new Date(),
      })
      .where(eq(userCredits.userId, caller.id));
    return toAccount(await currentRow(tx, caller.id, defaults));
  });
}

export type LedgerEntry = {
  id: string;
  transactionType: string;
  activityType: string | null;
  creditsAmount: number;
  description: string;
  createdAt: string;
};

export type LedgerFilter = {
  type?: string;
  activity?: string;
  from?: Date;
  to?: Date;
  /** From the previous page's `nextCursor`. */
  cursor?: string;
  limit: number;
};

/**
 * A page cursor: the last row's timestamp in microseconds (JavaScript dates stop at milliseconds, and
 * charges a few microseconds apart must not fall between two pages) and its place in the order rows were
 * written, for ties (the embedded database's clock stops at milliseconds).
 */
const CURSOR = /^(\d{1,20})_(\d{1,19})$/;
const rowMicros = sql<string>`(extract(epoch from ${creditTransactions.createdAt}) * 1000000)::bigint::text`;

function afterCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const match = CURSOR.exec(cursor);
  if (!match)
    throw new AppError('VALIDATION_ERROR', 400, CREDIT_ERRORS.validation('cursor is not one this API gave'));
  const at = sql`timestamptz 'epoch' + ${match[1]}::bigint * interval '1 microsecond'`;
  return sql`(${creditTransactions.createdAt}, ${creditTransactions.seq}) < (${at}, ${match[2]}::bigint)`;
}

export type LedgerPage = { transactions: LedgerEntry[]; nextCursor: string | null };

/** The caller's ledger, newest first (spec 2 §7 call 6), a page at a time. */
export function listTransactions(db: Db, caller: Caller, filter: LedgerFilter): Promise<LedgerPage> {
  return withUser(db, caller.id, async (tx) => {
    const rows = await tx
      .select({
        id: creditTransactions.id,
        transactionType: creditTransactions.transactionType,
        activityType: creditTransactions.activityType,
        creditsAmount: creditTransactions.creditsAmount,
        description: creditTransactions.description,
        createdAt: creditTransactions.createdAt,
        micros: rowMicros,
        seq: creditTransactions.seq,
      })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, caller.id),
          filter.type ? eq(creditTransactions.transactionType, filter.type) : undefined,
          filter.activity ? eq(creditTransactions.activityType, filter.activity) : undefined,
          filter.from ? gte(creditTransactions.createdAt, filter.from) : undefined,
          filter.to ? lt(creditTransactions.createdAt, filter.to) : undefined,
          afterCursor(filter.cursor),
        ),
      )
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.seq))
      .limit(filter.limit + 1);
    const page = rows.slice(0, filter.limit);
    const last = page.at(-1);
    return {
      transactions: page.map(({ micros: _micros, seq: _seq, ...r }) => ({
        ...r,
        description: ledgerDescription(r.activityType, r.description),
        createdAt: r.createdAt.toISOString(),
      })),
      nextCursor: rows.length > filter.limit && last ? `${last.micros}_${last.seq}` : null,
    };
  });
}

/** The SQL of a ledger row's signed amount, from the signs of src/shared/credits.ts (constants, not input). */
const signedAmount = sql.raw(
  `case transaction_type ${TRANSACTION_TYPES.map((type) => `when '${type}' then ${TRANSACTION_SIGN[type]}`).join(' ')} else 1 end * credits_amount`,
);

/**
 * The ledger invariant, as differences that are both 0 when the books balance: `remaining` compares the
 * remaining credits (total - used) with the signed sum of the whole ledger; `used` compares the used credits
 * with the usage rows since `used_since`.
 */
export async function ledgerDifference(db: Db, userId: string): Promise<{ remaining: number; used: number }> {
  const [row] = await queryRows<{ remaining_diff: string | number; used_diff: string | number }>(
    db,
    sql`select c.total_credits - c.used_credits - coalesce((select sum(${signedAmount})
                from credit_transactions t where t.user_id = c.user_id), 0) as remaining_diff,
               c.used_credits - coalesce((select sum(t.credits_amount) from credit_transactions t
                where t.user_id = c.user_id and t.transaction_type = 'usage'
                  and t.created_at >= c.used_since), 0) as used_diff
        from user_credits c where c.user_id = ${userId}`,
  );
  return { remaining: Number(row?.remaining_diff ?? 0), used: Number(row?.used_diff ?? 0) };
}
