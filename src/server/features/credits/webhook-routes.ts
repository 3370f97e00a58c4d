import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../../context.ts';
import { AppError, errorResponseSchema } from '../../http/errors.ts';
import { WebhookSignatureError } from './payments.ts';
import { grantPaidCheckout } from './service.ts';

const webhook = createRoute({
  method: 'post',
  path: '/api/v1/payments/stripe/webhook',
  tags: ['Credits'],
  summary:
    "Stripe's webhook (checkout.session.completed, checkout.session.async_payment_succeeded): grants a paid package once per session. Signed with STRIPE_WEBHOOK_SECRET.",
  responses: {
    200: {
      description: 'Received (granted, already granted, or nothing to grant)',
      content: { 'application/json': { schema: z.object({ received: z.literal(true) }) } },
    },
    400: {
      description: 'Missing or wrong Stripe-Signature',
      content: { 'application/json': { schema: errorResponseSchema } },
    },
    404: {
      description: 'Stripe is not configured',
      content: { 'application/json': { schema: errorResponseSchema } },
    },
  },
});

/**
 * Where Stripe reports payments. No session: the signature is the authentication. Stripe retries any
 * answer other than 2xx, so only a failure that a retry could fix (our database) gives one.
 */
export function paymentWebhookRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(webhook, async (c) => {
    const { readWebhook } = deps.payments;
    if (!readWebhook) throw new AppError('NOT_FOUND', 404, 'Stripe payments are not configured');
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new AppError('BAD_REQUEST', 400, 'Missing Stripe-Signature header');
    // The signature covers the exact bytes Stripe sent, so the body is read as text, not parsed first.
    const payload = await c.req.text();
    let paid: ReturnType<typeof readWebhook>;
    try {
      paid = readWebhook(payload, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        c.var.logger.warn({ reason: err.message }, 'stripe webhook with a bad signature');
        throw new AppError('BAD_REQUEST', 400, 'Invalid Stripe signature');
      }
      throw err;
    }
    if (!paid) return c.json({ received: true as const }, 200);
    const outcome = await grantPaidCheckout(deps.database.db, paid, deps.config.credits.defaultAccount);
    if (outcome.granted) {
      const { purchase } = outcome;
      c.var.logger.info(
        {
          userId: paid.userId,
          sessionId: paid.sessionId,
          credits: purchase.creditsAdded,
          replayed: purchase.replayed,
        },
        'stripe checkout granted',
      );
    } else {
      // Paid but not grantable (a price edited in Stripe, a deleted user): a person must look at it.
      c.var.logger.error({ ...paid, reason: outcome.reason }, 'stripe checkout paid but not granted');
    }
    return c.json({ received: true as const }, 200);
  });
  return app;
}
