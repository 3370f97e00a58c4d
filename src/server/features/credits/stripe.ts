import Stripe from 'stripe';
import { formatCredits, packageCredits } from '../../../shared/pricing.ts';
import type { PaymentsConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import {
  type CheckoutRequest,
  type CheckoutResult,
  type PaidCheckout,
  type PaymentPort,
  packageAmountCents,
  WebhookSignatureError,
} from './payments.ts';

type StripeConfig = Extract<PaymentsConfig, { provider: 'stripe' }>;

/** Events after which a Checkout Session's money is in: card payments complete paid, bank debits later. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * Stripe Checkout: the buyer pays on Stripe's page and comes back to /credits; the credits are granted only
 * when Stripe's signed webhook says the session is paid (never on the word of the returning browser).
 */
export function stripePayments(config: StripeConfig, publicUrl: string): PaymentPort {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });

  async function checkout({ caller, pkg, idempotencyKey }: CheckoutRequest): Promise<CheckoutResult> {
    const credits = packageCredits(pkg);
    try {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: packageAmountCents(pkg),
                product_data: {
                  name: `Prospector ${pkg.name}`,
                  description: `${formatCredits(credits)} credits`,
                },
              },
            },
          ],
          client_reference_id: caller.id,
          customer_email: caller.email,
          metadata: { userId: caller.id, packageId: pkg.id },
          success_url: `${publicUrl}/credits?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${publicUrl}/credits?checkout=cancelled`,
        },
        // Stripe answers a repeated key with the first session: a double click opens one checkout.
        { idempotencyKey: `prospector-purchase:${caller.id}:${idempotencyKey}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { paid: false, checkoutUrl: session.url, sessionId: session.id };
    } catch (err) {
      const reason =
        err instanceof Stripe.errors.StripeConnectionError
          ? 'Stripe could not be reached'
          : err instanceof Error
            ? err.message
            : String(err);
      throw new AppError('BAD_GATEWAY', 502, `The payment could not be started: ${reason}`);
    }
  }

  function readWebhook(payload: string, signature: string): PaidCheckout | null {
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, config.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : String(err));
    }
    if (!PAID_EVENTS.has(event.type)) return null;
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== 'paid') return null;
    return {
      sessionId: session.id,
      userId: session.metadata?.userId ?? session.client_reference_id ?? '',
      packageId: session.metadata?.packageId ?? '',
      amount: session.amount_total ?? 0,
      currency: session.currency ?? '',
    };
  }

  return { provider: 'stripe', chargesOffSession: false, checkout, readWebhook };
}
