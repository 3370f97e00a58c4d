/**
 * Stripe payments (issue 4 §6) against a local FAKE of Stripe's API and webhooks (tests/helpers/fake-stripe.ts):
 * a purchase opens a Checkout Session, and only a correctly signed webhook for a paid session grants its
 * package, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { type FakeStripe, startFakeStripe } from '../../../../tests/helpers/fake-stripe.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { CREDIT_ERRORS } from '../../../shared/credits.ts';
import type { App } from '../../http/app.ts';
import { ledgerDifference } from './service.ts';

const SECRET_KEY = 'sk_test_prospector0fake';
const WEBHOOK_SECRET = 'whsec_prospector0fake';
const PUBLIC_URL = 'https://prospector.example.com';
const WEBHOOK = '/api/v1/payments/stripe/webhook';

type Account = { totalCredits: number; remainingCredits: number };

describe.each(backends())('Stripe payments on $name', (backend: Backend) => {
  let database: TestDatabase;
  let stripe: FakeStripe;
  let app: App;
  let ada: AuthClient;
  let close: () => Promise<void>;
  let adaId: string;
  let key = 0;

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    ({
      database,
      app,
      users: { ada },
      close,
    } = await signedInApp(backend, {
      seed: true,
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        PUBLIC_URL,
      },
      users: { ada: 'Ada' },
    }));
    adaId = (await ada.session())?.user.id ?? '';
  });
  afterAll(async () => {
    await stripe?.close();
    await close?.();
  });

  const account = async (client: AuthClient = ada) =>
    (await (await client.request('GET', '/api/v1/credits')).json()) as Account;
  const purchases = async () => {
    const body = await (await ada.request('GET', '/api/v1/credits/transactions?type=purchase')).json();
    return body.transactions as { creditsAmount: number; description: string }[];
  };
  const deliver = (delivery: { payload: string; signature: string }) =>
    app.request(WEBHOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
  /** Starts a checkout for `packageId` and returns the fake's session. */
  const startCheckout = async (packageId = 'professional', idempotencyKey = `key-${++key}-purchase`) => {
    const response = await ada.request('POST', '/api/v1/credits/purchases', { packageId, idempotencyKey });
    expect(response.status).toBe(202);
    const { sessionId, checkoutUrl } = (await response.json()) as { sessionId: string; checkoutUrl: string };
    const session = stripe.sessions.get(sessionId);
    if (!session) throw new Error(`the fake has no session ${sessionId}`);
    expect(checkoutUrl).toBe(session.url);
    return session;
  };

  it('tells the web app that packages are paid with Stripe, and refuses automatic top-up', async () => {
    const { payments } = await (await app.request('/api/v1/credits/pricing')).json();
    expect(payments).toBe('stripe');
    const topUp = await ada.request('PUT', '/api/v1/credits/auto-top-up', {
      setting: { packageId: 'starter', below: 100 },
    });
    expect(topUp.status).toBe(409);
    expect((await topUp.json()).error.message).toBe(CREDIT_ERRORS.autoTopUpUnavailable);
    expect((await ada.request('PUT', '/api/v1/credits/auto-top-up', { setting: null })).status).toBe(200);
  });

  it('opens one Checkout Session per purchase at the package price; no credits before the webhook', async () => {
    const before = await account();
    const session = await startCheckout('professional', 'double-click-key');
    expect(session.params).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '3999',
      'line_items[0][quantity]': '1',
      'metadata[userId]': adaId,
      'metadata[packageId]': 'professional',
      client_reference_id: adaId,
      customer_email: 'ada@example.com',
      success_url: `${PUBLIC_URL}/credits?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/credits?checkout=cancelled`,
    });
    // A double click (the same idempotency key) gets the same session, not a second one.
    const sessionsBefore = stripe.sessions.size;
    const again = await ada.request('POST', '/api/v1/credits/purchases', {
      packageId: 'professional',
      idempotencyKey: 'double-click-key',
    });
    expect(again.status).toBe(202);
    expect((await again.json()).sessionId).toBe(session.id);
    expect(stripe.sessions.size).toBe(sessionsBefore);

    expect(await account()).toEqual(before);
    const status = await ada.request('GET', `/api/v1/credits/checkouts/${session.id}`);
    expect(await status.json()).toEqual({ status: 'pending' });
  });

  it('grants the package and its bonus once, on a correctly signed webhook for a paid session', async () => {
    const before = await account();
    const session = await startCheckout('professional');

    const unsigned = await app.request(WEBHOOK, { method: 'POST', body: stripe.completed(session).payload });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).error.message).toBe('Missing Stripe-Signature header');
    const forged = await deliver(stripe.completed(session, {}, 'whsec_someone0else'));
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe('Invalid Stripe signature');
    // A signed body altered on the way no longer matches its signature.
    const genuine = stripe.completed(session);
    const tampered = await deliver({ ...genuine, payload: genuine.payload.replace('3999', '1') });
    expect(tampered.status).toBe(400);
    expect((await account()).totalCredits).toBe(before.totalCredits);

    expect((await deliver(genuine)).status).toBe(200);
    expect((await account()).totalCredits).toBe(before.totalCredits + 550);
    // Stripe delivers at least once: the same event again, and another event for the session, grant nothing.
    expect((await deliver(genuine)).status).toBe(200);
    expect((await deliver(stripe.completed(session))).status).toBe(200);
    expect((await account()).totalCredits).toBe(before.totalCredits + 550);

    const status = await (await ada.request('GET', `/api/v1/credits/checkouts/${session.id}`)).json();
    expect(status).toMatchObject({ status: 'granted', creditsAdded: 550 });
    expect((await purchases())[0]).toMatchObject({
      creditsAmount: 550,
      description: 'Professional: 500 credits + 50 bonus',
    });
    expect(await ledgerDifference(database.db, adaId)).toEqual({ remaining: 0, used: 0 });
  });

  it('waits for a delayed payment: completed but unpaid grants nothing, async_payment_succeeded grants', async () => {
    const before = await account();
    const session = await startCheckout('starter');
    expect((await deliver(stripe.completed(session, { payment_status: 'unpaid' }))).status).toBe(200);
    expect((await account()).totalCredits).toBe(before.totalCredits);
    const paid = stripe.event('checkout.session.async_payment_succeeded', session, {
      status: 'complete',
      payment_status: 'paid',
    });
    expect((await deliver(paid)).status).toBe(200);
    expect((await account()).totalCredits).toBe(before.totalCredits + 100);
    // Events that say nothing about a paid checkout are acknowledged and ignored.
    expect((await deliver(stripe.event('customer.created', session))).status).toBe(200);
    expect((await account()).totalCredits).toBe(before.totalCredits + 100);
  });

  it('grants nothing for a paid session whose amount is not its package price, or whose user is unknown', async () => {
    const before = await account();
    const cheap = await startCheckout('starter');
    // Signed by "Stripe" (someone edited the session in the dashboard): 9.99 paid, Enterprise claimed.
    const mismatch = stripe.completed(cheap, { metadata: { userId: adaId, packageId: 'enterprise' } });
    expect((await deliver(mismatch)).status).toBe(200);
    const stranger = stripe.completed(cheap, {
      id: 'cs_test_stranger',
      metadata: { userId: 'no-such-user', packageId: 'starter' },
      client_reference_id: 'no-such-user',
    });
    expect((await deliver(stranger)).status).toBe(200);
    expect(await account()).toEqual(before);
  });

  it("keeps checkouts private: another user's session reads as pending for them", async () => {
    const session = await startCheckout('starter');
    expect((await deliver(stripe.completed(session))).status).toBe(200);
    const bob = authClient(app);
    await bob.signUp('bob@example.com', 'violet-harbor-42', 'Bob');
    const status = await bob.request('GET', `/api/v1/credits/checkouts/${session.id}`);
    expect(await status.json()).toEqual({ status: 'pending' });
    expect((await app.request(`/api/v1/credits/checkouts/${session.id}`)).status).toBe(401);
  });

  it('reports a refused checkout as a 502 with the reason, and takes and grants nothing', async () => {
    const before = await account();
    const ledgerBefore = (await purchases()).length;
    stripe.failNext(400, 'invalid_request_error', 'Your account cannot currently make live charges.');
    const response = await ada.request('POST', '/api/v1/credits/purchases', {
      packageId: 'business',
      idempotencyKey: 'refused-checkout',
    });
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toBe(
      'The payment could not be started: Your account cannot currently make live charges.',
    );
    expect(await account()).toEqual(before);
    expect(await purchases()).toHaveLength(ledgerBefore);
  });
});

describe('Stripe configuration', () => {
  it('is checked at start: a key needs its webhook secret, and both must look like Stripe secrets', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET must be set together with STRIPE_SECRET_KEY',
    );
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_public', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }),
    ).toThrow('Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key');
    expect(loadConfig({}).payments).toEqual({ provider: 'demo' });
  });
});
