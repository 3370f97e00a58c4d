import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ACTIVITY_PRICES, CREDIT_ERRORS, TRANSACTION_TYPES } from '../../../shared/credits.ts';
import {
  AUTO_TOP_UP_BELOW,
  CREDIT_PACKAGES,
  type CreditPackageId,
  type CreditPlanId,
  PLANS,
  TRANSACTION_HISTORY_LIMIT,
} from '../../../shared/pricing.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { error, json } from '../../http/openapi.ts';
import { requireCaller } from '../../http/session.ts';
import {
  changePlan,
  checkoutStatus,
  getAccount,
  listPricing,
  listTransactions,
  purchasePackage,
  setAutoTopUp,
} from './service.ts';

/** Spec 2 §5: account and pricing reads give up after 15 seconds, with the spec's messages. */
const READ_TIMEOUT_MS = 15_000;

function within<T>(work: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', 503, message)), READ_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const accountSchema = z
  .object({
    planType: z.string(),
    totalCredits: z.number().int(),
    usedCredits: z.number().int(),
    remainingCredits: z.number().int(),
    billingCycleStart: z.iso.datetime(),
    billingCycleEnd: z.iso.datetime(),
    usedSince: z.iso.datetime().openapi({
      description:
        'usedCredits counts the usage since then (the last new cycle); an upgrade restarts the cycle but gives no used credits back',
    }),
    pendingPlanType: z.string().nullable(),
    alerts: z.array(z.number().int()),
    autoTopUp: z.object({ packageId: z.string(), below: z.number().int() }).nullable(),
  })
  .openapi('CreditAccount');

const entrySchema = z
  .object({
    id: z.uuid(),
    transactionType: z.string(),
    activityType: z.string().nullable(),
    creditsAmount: z.number().int(),
    description: z.string(),
    createdAt: z.iso.datetime(),
  })
  .openapi('CreditTransaction');

const purchaseSchema = z
  .object({
    transactionId: z.uuid(),
    creditsAdded: z.number().int(),
    account: accountSchema,
    replayed: z.boolean(),
  })
  .openapi('CreditPurchase');

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const unauthenticated = error('User not authenticated');

const routes = {
  account: createRoute({
    method: 'get',
    path: '/api/v1/credits',
    tags: ['Credits'],
    summary: "The caller's credit account (created on first read; a due billing cycle starts)",
    responses: { 200: json(accountSchema, 'The account'), 401: unauthenticated, 503: error('Timed out') },
  }),
  pricing: createRoute({
    method: 'get',
    path: '/api/v1/credits/pricing',
    tags: ['Credits'],
    summary: 'What each paid activity costs, by category',
    responses: {
      200: json(
        z.object({
          pricing: z.array(
            z.object({
              activityType: z.string(),
              creditsRequired: z.number().int(),
              category: z.string(),
              description: z.string(),
            }),
          ),
          payments: z.enum(['demo', 'stripe']).openapi({
            description: 'How credit packages are paid for: demo (no payment taken) or Stripe Checkout',
          }),
        }),
        'Active prices',
      ),
      503: error('Timed out'),
    },
  }),
  transactions: createRoute({
    method: 'get',
    path: '/api/v1/credits/transactions',
    tags: ['Credits'],
    summary: 'The ledger, newest first; pass `nextCursor` back as `cursor` for the next page',
    request: {
      query: z.object({
        type: z.enum(TRANSACTION_TYPES).optional(),
        activity: z.string().max(64).optional(),
        from: z.iso.datetime().optional(),
        to: z.iso.datetime().optional(),
        cursor: z.string().max(80).optional(),
        limit: z.coerce.number().int().min(1).max(1000).default(TRANSACTION_HISTORY_LIMIT),
      }),
    },
    responses: {
      200: json(z.object({ transactions: z.array(entrySchema) }), 'Ledger rows'),
      401: unauthenticated,
    },
  }),
  usage: createRoute({
    method: 'post',
    path: '/api/v1/credits/usage',
    tags: ['Credits'],
    summary:
      'Spend credits on an activity done outside the agents (integrations); the agents charge by themselves',
    request: body(
      z.object({
        activityType: z
          .enum(ACTIVITY_PRICES.map((p) => p.activityType) as [string, ...string[]])
          .or(z.string().min(1)),
        quantity: z.number().int().min(1).max(100_000).default(1),
        description: z.string().max(200).optional(),
      }),
    ),
    responses: {
      201: json(
        z.object({
          activityType: z.string(),
          quantity: z.number(),
          creditsCharged: z.number(),
          account: accountSchema,
        }),
        'Charged',
      ),
      400: error('Invalid input'),
      401: unauthenticated,
      402: error('Insufficient credits. Required: {n}, Available: {m}'),
      404: error('Activity pricing not found for: {activity}'),
    },
  }),
  purchase: createRoute({
    method: 'post',
    path: '/api/v1/credits/purchases',
    tags: ['Credits'],
    summary:
      'Buy a credit package. Demo payments grant at once (no charge); with Stripe the answer is a checkout page and the credits come with its webhook. The same idempotencyKey never grants twice.',
    request: body(
      z.object({
        packageId: z.enum(CREDIT_PACKAGES.map((p) => p.id) as [string, ...string[]]),
        idempotencyKey: z.string().min(8).max(100),
      }),
    ),
    responses: {
      201: json(purchaseSchema, 'Credits granted'),
      200: json(purchaseSchema, 'Already granted for this idempotency key'),
      202: json(
        z.object({ checkoutUrl: z.url(), sessionId: z.string() }),
        "Stripe: send the buyer to checkoutUrl; credits arrive with Stripe's webhook",
      ),
      400: error('Invalid input'),
      401: unauthenticated,
      502: error('The payment provider failed'),
    },
  }),
  checkout: createRoute({
    method: 'get',
    path: '/api/v1/credits/checkouts/{sessionId}',
    tags: ['Credits'],
    summary: "Whether a checkout session's credits have been granted yet (polled on return from Stripe)",
    request: { params: z.object({ sessionId: z.string().min(1).max(255) }) },
    responses: {
      200: json(
        z.discriminatedUnion('status', [
          z.object({ status: z.literal('pending') }),
          z.object({ status: z.literal('granted'), creditsAdded: z.number().int(), account: accountSchema }),
        ]),
        'Pending, or granted with the account',
      ),
      401: unauthenticated,
    },
  }),
  plan: createRoute({
    method: 'put',
    path: '/api/v1/credits/plan',
    tags: ['Credits'],
    summary: 'Change plan: an upgrade applies now, a downgrade at the end of the billing cycle',
    request: body(z.object({ planId: z.enum(PLANS.map((p) => p.id) as [CreditPlanId, ...CreditPlanId[]]) })),
    responses: {
      200: json(
        z.object({ change: z.enum(['upgrade', 'downgrade']), account: accountSchema }),
        'Plan changed',
      ),
      400: error('Invalid input'),
      401: unauthenticated,
      409: error('Already on this plan'),
    },
  }),
  autoTopUp: createRoute({
    method: 'put',
    path: '/api/v1/credits/auto-top-up',
    tags: ['Credits'],
    summary: 'Automatic top-up: buy a package whenever fewer than `below` credits remain (null turns it off)',
    request: body(
      z.object({
        setting: z
          .object({
            packageId: z.enum(CREDIT_PACKAGES.map((p) => p.id) as [CreditPackageId, ...CreditPackageId[]]),
            below: z.number().int().min(AUTO_TOP_UP_BELOW.min).max(AUTO_TOP_UP_BELOW.max),
          })
          .nullable(),
      }),
    ),
    responses: {
      200: json(accountSchema, 'The account with its setting'),
      400: error('Invalid input'),
      401: unauthenticated,
      409: error('Automatic top-up is not available with this payment provider'),
    },
  }),
};

/** The credit account, prices, ledger, usage, purchases and plan changes (spec 2). */
export function creditsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { db } = deps.database;
  const defaults = deps.config.credits.defaultAccount;
  for (const path of [
    '/api/v1/credits',
    '/api/v1/credits/transactions',
    '/api/v1/credits/usage',
    '/api/v1/credits/purchases',
    '/api/v1/credits/plan',
    '/api/v1/credits/auto-top-up',
    '/api/v1/credits/checkouts/*',
  ]) {
    app.use(path, requireCaller(deps));
  }

  app.openapi(routes.account, async (c) =>
    c.json(await within(getAccount(db, c.var.caller, defaults), CREDIT_ERRORS.accountTimeout), 200),
  );
  app.openapi(routes.pricing, async (c) =>
    c.json(
      {
        pricing: await within(listPricing(db), CREDIT_ERRORS.pricingTimeout),
        payments: deps.payments.provider,
      },
      200,
    ),
  );
  app.openapi(routes.transactions, async (c) => {
    const q = c.req.valid('query');
    const page = await listTransactions(db, c.var.caller, {
      type: q.type,
      activity: q.activity,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      cursor: q.cursor,
      limit: q.limit,
    });
    return c.json(page, 200);
  });
  app.openapi(routes.usage, async (c) => {
    const { activityType, quantity, description } = c.req.valid('json');
    return c.json(await deps.credits.charge(c.var.caller, activityType, quantity, description), 201);
  });
  app.openapi(routes.purchase, async (c) => {
    const { packageId, idempotencyKey } = c.req.valid('json');
    const purchase = await purchasePackage(
      db,
      c.var.caller,
      packageId,
      idempotencyKey,
      deps.payments,
      defaults,
    );
    if (!('transactionId' in purchase)) return c.json(purchase, 202);
    return purchase.replayed ? c.json(purchase, 200) : c.json(purchase, 201);
  });
  app.openapi(routes.checkout, async (c) =>
    c.json(await checkoutStatus(db, c.var.caller, c.req.valid('param').sessionId, defaults), 200),
  );
  app.openapi(routes.plan, async (c) =>
    c.json(await changePlan(db, c.var.caller, c.req.valid('json').planId, defaults), 200),
  );
  app.openapi(routes.autoTopUp, async (c) => {
    const { setting } = c.req.valid('json');
    if (setting && !deps.payments.chargesOffSession) {
      throw new AppError('CONFLICT', 409, CREDIT_ERRORS.autoTopUpUnavailable);
    }
    return c.json(await setAutoTopUp(db, c.var.caller, setting, defaults), 200);
  });
  return app;
}
