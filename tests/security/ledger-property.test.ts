/**
 * The credit ledger under random use (issue 21, defect 1): fast-check draws sequences of charges (some too big
 * to pay for), package purchases (some replaying an earlier idempotency key), plan changes (up and down) and
 * billing-cycle roll-overs, runs them through the real app on PGlite and PostgreSQL, and after every step holds
 * the account to a model of the rules:
 * - the account is exactly what the model says (plan, waiting downgrade, total, used; whole, non-negative);
 * - the balance equals the ledger: remaining = the signed sum of every row (ledgerDifference is 0);
 * - a refused charge, a repeated plan and a replayed purchase move nothing;
 * and after each sequence, the ledger is row for row what the model expected: no credit that no grant or
 * purchase explains. The product has no refund path (work is charged only after it succeeded), so there is
 * no refund step. Prints the figures row: attempts = steps, refused = steps the rules refused, double
 * charges = steps where credits appeared or disappeared unexplained.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/server/context.ts';
import { queryRows } from '../../src/server/db/client.ts';
import type { Charger } from '../../src/server/features/credits/charger.ts';
import { ROLL_CYCLES_JOB } from '../../src/server/features/credits/jobs.ts';
import { demoPayments } from '../../src/server/features/credits/payments.ts';
import { type CreditAccount, ledgerDifference } from '../../src/server/features/credits/service.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { ACTIVITY_PRICES } from '../../src/shared/credits.ts';
import { CREDIT_PACKAGES, isPlanUpgrade, PLANS, packageCredits } from '../../src/shared/pricing.ts';
import type { AuthClient } from '../helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../helpers/databases.ts';
import { signedInApp } from '../helpers/signed-in.ts';
import { emptyFigures, printFigures, type SecurityFigures } from './report.ts';

/** A small default plan, so that charges run out and plan changes move the total both ways. */
const DEFAULT_CREDITS = 300;
// 12 sequences (~360 steps) per database by default: 25 took over 120 s on PGlite inside the full, parallel
// `npm test`. Each run draws new sequences; LEDGER_PROPERTY_RUNS=200 explores further on demand.
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 12);

type Step =
  | { kind: 'charge'; activity: string; quantity: number; via: 'http' | 'charger' }
  | { kind: 'purchase'; packageId: string; key: number | null }
  | { kind: 'plan'; planId: string }
  | { kind: 'rollover'; via: 'read' | 'job' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('charge' as const),
      activity: fc.constantFrom(...ACTIVITY_PRICES.map((p) => p.activityType)),
      quantity: fc.integer({ min: 1, max: 120 }),
      via: fc.constantFrom('http' as const, 'charger' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      packageId: fc.constantFrom(...CREDIT_PACKAGES.map((p) => p.id)),
      // null: a fresh key; a number: one of three keys, so a later purchase may replay an earlier one.
      key: fc.option(fc.integer({ min: 0, max: 2 }), { freq: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('plan' as const),
      planId: fc.constantFrom(...PLANS.map((p) => p.id)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rollover' as const),
      via: fc.constantFrom('read' as const, 'job' as const),
    }),
  },
);

/** What the rules say the account and its ledger are. */
type Model = {
  plan: string;
  pending: string | null;
  total: number;
  used: number;
  keys: Set<string>;
  /** The ledger rows expected so far, oldest first. */
  ledger: { type: string; amount: number }[];
};

const price = new Map<string, number>(ACTIVITY_PRICES.map((p) => [p.activityType, p.creditsRequired]));
const planGrant = (planType: string) => PLANS.find((p) => p.id === planType)?.credits ?? DEFAULT_CREDITS;

describe.each(backends())('the credit ledger under random use on $name', (backend: Backend) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let charger: Charger;
  let client: AuthClient;
  let caller: Caller;
  const figures: SecurityFigures = emptyFigures('ledger-property', backend.name);
  let close: () => Promise<void>;

  beforeAll(async () => {
    let deps: { credits: Charger };
    ({
      database,
      jobs,
      deps,
      users: { ledger: client },
      close,
    } = await signedInApp(backend, {
      seed: true,
      payments: demoPayments(0),
      env: { DEFAULT_CREDITS: String(DEFAULT_CREDITS) },
      users: { ledger: { name: 'Lea', password: 'copper-meadow-31' } },
    }));
    charger = deps.credits;
    const user = (await client.session())?.user;
    caller = { id: user?.id ?? '', email: user?.email ?? '', name: 'Lea', emailVerified: true };
  });
  afterAll(async () => {
    printFigures([figures]);
    await close?.();
  });

  /** A request of the signed-in user; a 5xx is counted (and fails the step's expectation). */
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await client.request(method, path, body);
    if (response.status >= 500) figures.serverErrors += 1;
    return response;
  };
  const readAccount = async () => (await (await send('GET', '/api/v1/credits')).json()) as CreditAccount;

  /** Runs one step against the app and the model; returns whether the rules refused it. */
  async function apply(step: Step, model: Model, run: number, index: number): Promise<boolean> {
    switch (step.kind) {
      case 'charge': {
        const cost = (price.get(step.activity) ?? 0) * step.quantity;
        const affordable = model.total - model.used >= cost;
        let status: number;
        if (step.via === 'http') {
          status = (
            await send('POST', '/api/v1/credits/usage', {
              activityType: step.activity,
              quantity: step.quantity,
            })
          ).status;
        } else {
          status = await charger.charge(caller, step.activity, step.quantity).then(
            () => 201,
            (err: { status?: number }) => err.status ?? 500,
          );
          if (status >= 500) figures.serverErrors += 1;
        }
        expect(status, `charge of ${cost} with ${model.total - model.used} left`).toBe(
          affordable ? 201 : 402,
        );
        if (!affordable) return true;
        model.used += cost;
        model.ledger.push({ type: 'usage', amount: cost });
        return false;
      }
      case 'purchase': {
        const key = step.key === null ? `run-${run}-fresh-${index}` : `run-${run}-key-${step.key}`;
        const response = await send('POST', '/api/v1/credits/purchases', {
          packageId: step.packageId,
          idempotencyKey: key,
        });
        const body = (await response.json()) as { replayed: boolean };
        if (model.keys.has(key)) {
          expect(response.status).toBe(200);
          expect(body.replayed).toBe(true);
          return true;
        }
        expect(response.status).toBe(201);
        const pkg = CREDIT_PACKAGES.find((p) => p.id === step.packageId);
        const credits = pkg ? packageCredits(pkg) : 0;
        model.keys.add(key);
        model.total += credits;
        model.ledger.push({ type: 'purchase', amount: credits });
        return false;
      }
      case 'plan': {
        const response = await send('PUT', '/api/v1/credits/plan', { planId: step.planId });
        if (step.planId === model.plan) {
          expect(response.status).toBe(409);
          return true;
        }
        expect(response.status).toBe(200);
        const { change } = (await response.json()) as { change: string };
        if (!isPlanUpgrade(model.plan, step.planId)) {
          expect(change).toBe('downgrade');
          model.pending = step.planId;
          return false;
        }
        expect(change).toBe('upgrade');
        const total = Math.max(model.total, planGrant(step.planId));
        if (total > model.total) model.ledger.push({ type: 'purchase', amount: total - model.total });
        model.plan = step.planId;
        model.pending = null;
        model.total = total;
        return false;
      }
      case 'rollover': {
        await database.db.execute(
          sql`update user_credits set billing_cycle_end = clock_timestamp() - interval '1 second'
              where user_id = ${caller.id}`,
        );
        const unused = model.total - model.used;
        if (unused > 0) model.ledger.push({ type: 'expiry', amount: unused });
        model.plan = model.pending ?? model.plan;
        model.pending = null;
        model.total = planGrant(model.plan);
        model.used = 0;
        model.ledger.push({ type: 'grant', amount: model.total });
        if (step.via === 'job') {
          await jobs.enqueue(ROLL_CYCLES_JOB, {});
          await jobs.runOnce();
          // The job rolled it over by itself: the row is right before any request reads it.
          const [row] = await queryRows<{ total_credits: number; used_credits: number }>(
            database.db,
            sql`select total_credits, used_credits from user_credits where user_id = ${caller.id}`,
          );
          expect([Number(row?.total_credits), Number(row?.used_credits)]).toEqual([model.total, 0]);
        }
        return false;
      }
    }
  }

  /** The account against the model and the balance against the ledger; false when credits moved unexplained. */
  async function balanced(model: Model): Promise<string | null> {
    const account = await readAccount();
    const seen = {
      plan: account.planType,
      pending: account.pendingPlanType,
      total: account.totalCredits,
      used: account.usedCredits,
    };
    const want = { plan: model.plan, pending: model.pending, total: model.total, used: model.used };
    if (JSON.stringify(seen) !== JSON.stringify(want)) {
      return `account ${JSON.stringify(seen)}, expected ${JSON.stringify(want)}`;
    }
    if (![account.totalCredits, account.usedCredits].every((n) => Number.isInteger(n) && n >= 0)) {
      return `used ${account.usedCredits} / total ${account.totalCredits} not whole and non-negative`;
    }
    const difference = await ledgerDifference(database.db, caller.id);
    if (difference.remaining !== 0 || difference.used !== 0) {
      return `balance and ledger differ: ${JSON.stringify(difference)}`;
    }
    return null;
  }

  it('keeps the balance equal to the ledger through random charges, purchases, plan changes and roll-overs', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 20, maxLength: 40 }), async (steps) => {
        run += 1;
        // A fresh account for every sequence: the next read creates the default one again.
        await database.db.execute(sql`delete from credit_transactions where user_id = ${caller.id}`);
        await database.db.execute(sql`delete from user_credits where user_id = ${caller.id}`);
        const model: Model = {
          plan: 'unlimited',
          pending: null,
          total: DEFAULT_CREDITS,
          used: 0,
          keys: new Set(),
          ledger: [{ type: 'grant', amount: DEFAULT_CREDITS }],
        };
        await readAccount();
        for (const [index, step] of steps.entries()) {
          figures.attempts += 1;
          if (await apply(step, model, run, index)) figures.refused += 1;
          const problem = await balanced(model);
          if (problem) figures.doubleCharges += 1;
          expect(problem, `after step ${index + 1}: ${JSON.stringify(step)}`).toBeNull();
        }
        const ledger = (
          (await (await send('GET', '/api/v1/credits/transactions?limit=1000')).json()) as {
            transactions: { transactionType: string; creditsAmount: number }[];
          }
        ).transactions
          .map((t) => ({ type: t.transactionType, amount: t.creditsAmount }))
          .reverse();
        if (JSON.stringify(ledger) !== JSON.stringify(model.ledger)) figures.doubleCharges += 1;
        expect(ledger).toEqual(model.ledger);
      }),
      { numRuns: RUNS },
    );
    expect(figures.serverErrors + figures.leaks + figures.doubleCharges).toBe(0);
  }, 300_000);
});
