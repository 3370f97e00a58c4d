/**
 * A FAKE of Stripe for tests: a local HTTP server that speaks the part of Stripe's wire format we use
 * (form-encoded POST /v1/checkout/sessions with a Bearer key and Idempotency-Key, Stripe's JSON objects and
 * error bodies), plus webhook events signed the way Stripe signs them (the `stripe` library's own test
 * header). It is not Stripe: it checks no cards and holds no money.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  /** Every form field as sent, e.g. `line_items[0][price_data][unit_amount]`. */
  params: Record<string, string>;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(options: { secretKey: string; webhookSecret: string }) {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  /** Errors to answer the next requests with, in order (Stripe's error shape). */
  const failures: { status: number; type: string; message: string }[] = [];
  let requests = 0;

  const server = createServer(async (req, res) => {
    requests++;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    const body = await readBody(req);
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      });
    }
    const failure = failures.shift();
    if (failure) return send(failure.status, { error: { type: failure.type, message: failure.message } });
    if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
    }
    const key = req.headers['idempotency-key'];
    const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (earlier) return send(200, sessions.get(earlier));

    const params = Object.fromEntries(new URLSearchParams(body));
    const amount = Number(params['line_items[0][price_data][unit_amount]'] ?? 0);
    const quantity = Number(params['line_items[0][quantity]'] ?? 1);
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const sessionId = id('cs_test');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      mode: params.mode ?? '',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount * quantity,
      currency: params['line_items[0][price_data][currency]'] ?? '',
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      metadata,
      success_url: params.success_url ?? '',
      cancel_url: params.cancel_url ?? '',
      params,
    };
    sessions.set(sessionId, session);
    if (typeof key === 'string') byIdempotencyKey.set(key, sessionId);
    send(200, session);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A webhook delivery for `session` as Stripe would send it: the JSON body and its Stripe-Signature. */
  function event(
    type: string,
    session: FakeSession,
    changes: Partial<FakeSession> = {},
    secret = options.webhookSecret,
  ) {
    const { params: _params, ...object } = { ...session, ...changes };
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    get requests() {
      return requests;
    },
    failNext(status: number, type: string, message: string) {
      failures.push({ status, type, message });
    },
    /** `checkout.session.completed`, paid unless told otherwise. */
    completed: (session: FakeSession, changes: Partial<FakeSession> = {}, secret?: string) =>
      event(
        'checkout.session.completed',
        session,
        { status: 'complete', payment_status: 'paid', ...changes },
        secret,
      ),
    event,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
