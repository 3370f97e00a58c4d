import { type CreditPackage, SIMULATED_PURCHASE_MS } from '../../../shared/pricing.ts';
import type { PaymentsConfig } from '../../config.ts';
import type { Caller } from '../../context.ts';

export type CheckoutRequest = { caller: Caller; pkg: CreditPackage; idempotencyKey: string };

/** Paid on the spot (the demo), or a hosted checkout page to send the buyer to (credits come by webhook). */
export type CheckoutResult = { paid: true } | { paid: false; checkoutUrl: string; sessionId: string };

/** A provider's verified notice that a checkout was paid: its package is granted once per session. */
export type PaidCheckout = {
  sessionId: string;
  userId: string;
  packageId: string;
  /** In the currency's smallest unit (cents). */
  amount: number;
  currency: string;
};

/** What a package costs in cents: Stripe's amounts, and what a paid checkout must have paid. */
export const packageAmountCents = (pkg: CreditPackage): number => Math.round(pkg.price * 100);

/** Thrown for a webhook whose signature does not verify: it did not come from the provider. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** How credit packages are paid for (spec 2 §4): the demo adapter, or Stripe when a key is configured. */
export type PaymentPort = {
  provider: PaymentsConfig['provider'];
  checkout(request: CheckoutRequest): Promise<CheckoutResult>;
  /** Whether a package can be bought with nobody at the keyboard (automatic top-up). */
  chargesOffSession: boolean;
  /**
   * Verifies and reads a webhook delivery: the paid checkout it reports, or null for an event that grants
   * nothing. Throws WebhookSignatureError when the signature is wrong. Absent for providers without webhooks.
   */
  readWebhook?(payload: string, signature: string): PaidCheckout | null;
};

/**
 * Spec 2 §4: the simulated purchase: it waits two seconds and takes no payment. The purchase dialog says so
 * plainly.
 */
export function demoPayments(delayMs = SIMULATED_PURCHASE_MS): PaymentPort {
  return {
    provider: 'demo',
    chargesOffSession: true,
    checkout: () => new Promise((resolve) => setTimeout(() => resolve({ paid: true }), delayMs)),
  };
}

/** The adapter the configuration asks for; Stripe's library is loaded only when it is used. */
export async function createPayments(config: PaymentsConfig, publicUrl: string): Promise<PaymentPort> {
  if (config.provider === 'demo') return demoPayments();
  const { stripePayments } = await import('./stripe.ts');
  return stripePayments(config, publicUrl);
}
