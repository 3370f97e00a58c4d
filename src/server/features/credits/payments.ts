import { SIMULATED_PURCHASE_MS } from '../../../shared/pricing.ts';
import type { PaymentPort } from './service.ts';

/**
 * Spec 2 §4: the simulated purchase: it waits two seconds and takes no payment. The purchase dialog says so
 * plainly. (A Stripe adapter, where credits arrive with a verified webhook, comes with STRIPE_SECRET_KEY.)
 */
export function demoPayments(delayMs = SIMULATED_PURCHASE_MS): PaymentPort {
  return { pay: () => new Promise((resolve) => setTimeout(resolve, delayMs)) };
}
