import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CREDIT_TOASTS } from '../../../../shared/credits.ts';
import { ApiError } from '../../../lib/api.ts';
import { getCheckoutStatus, invalidateCredits } from '../../../lib/credits.ts';
import { toast } from '../../../lib/toast.ts';

/** How often, and for how long, we ask whether Stripe's webhook has granted the credits. */
const CHECKOUT_POLL_MS = 1_500;
const CHECKOUT_WAIT_MS = 60_000;

/** Our texts (spec 2 has no real payment): a cancelled checkout, and a confirmation slower than a minute. */
const CHECKOUT_TOASTS = {
  cancelled: { title: 'Purchase cancelled', description: 'No payment was taken.' },
  confirming: {
    title: 'Payment being confirmed',
    description: 'Your credits appear in your account as soon as Stripe confirms the payment.',
  },
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until the credits are granted (the grant), the minute is over or `stopped()` (null). */
async function waitForGrant(sessionId: string, stopped: () => boolean) {
  const deadline = Date.now() + CHECKOUT_WAIT_MS;
  while (!stopped()) {
    try {
      const result = await getCheckoutStatus(sessionId);
      if (result.status === 'granted') return result;
    } catch (err) {
      // Signed out or refused: asking again will not help. A network error, 404 or 5xx may pass: ask again.
      if (err instanceof ApiError && err.status < 500 && err.status !== 404 && err.status !== 429) {
        console.warn('Checkout status unavailable', err);
        return null;
      }
    }
    if (Date.now() + CHECKOUT_POLL_MS > deadline) return null;
    await sleep(CHECKOUT_POLL_MS);
  }
  return null;
}

/**
 * Stripe Checkout sends the user back to `/credits?checkout=success&session_id=…` or `?checkout=cancelled`.
 * On success we wait for the webhook's grant (the 'Purchase Successful!' toast of spec 2 §8), showing that we
 * are waiting; either way the parameters are then removed, so a reload does not say it again.
 */
export function CheckoutReturn() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const checkout = params.get('checkout');
  const sessionId = params.get('session_id');
  const [waiting, setWaiting] = useState(false);

  const forget = useEffectEvent(() =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        next.delete('session_id');
        return next;
      },
      { replace: true },
    ),
  );

  useEffect(() => {
    if (!checkout) return;
    if (checkout !== 'success' || !sessionId) {
      if (checkout === 'cancelled') toast(CHECKOUT_TOASTS.cancelled);
      forget();
      return;
    }
    let stopped = false;
    setWaiting(true);
    void waitForGrant(sessionId, () => stopped).then((grant) => {
      if (stopped) return;
      if (grant) {
        toast(CREDIT_TOASTS.purchaseSuccess(grant.creditsAdded));
        void invalidateCredits(queryClient, grant.account);
      } else {
        toast(CHECKOUT_TOASTS.confirming);
      }
      setWaiting(false);
      forget();
    });
    return () => {
      stopped = true;
      setWaiting(false);
    };
  }, [checkout, sessionId, queryClient]);

  if (!waiting) return null;
  return (
    <p
      role="status"
      data-checkout-pending=""
      className="flex items-center gap-2 rounded-lg border bg-accent/60 px-4 py-3 text-sm"
    >
      <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
      Confirming your payment with Stripe. Your credits appear here as soon as it is confirmed.
    </p>
  );
}
