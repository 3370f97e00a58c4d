/**
 * Outgoing webhooks (issue 10 point 4) through the HTTP app on both databases, delivering to a real HTTP
 * receiver on 127.0.0.1 (allowed here by WEBHOOK_ALLOW_PRIVATE=true): the signed delivery checked with the
 * documented recipe, retries with backoff (time moved forward rather than waited for), a hanging target, a
 * redirect, re-sending, the test ping, the SSRF refusal when private targets are not allowed, and isolation.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app.ts';
import type { AuthClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import {
  documentedVerify,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../tests/helpers/webhook-receiver.ts';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_PRIVATE_ADDRESS,
  type Webhook,
  type WebhookDelivery,
  type WebhookPayload,
  type WebhookWithSecret,
} from '../../../shared/events.ts';
import type { AppDeps } from '../../context.ts';
import { isPrivateAddress } from '../../http/address-guard.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { deliverDue } from './service.ts';

const BASE = '/api/v1/integrations/webhooks';
const MINUTE = 60_000;

describe('the SSRF guard', () => {
  it('tells private, loopback, link-local, unique-local and metadata addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::1]',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('judges an IPv6 address that carries an IPv4 address by the IPv4 address it carries', () => {
    for (const [address, isPrivate] of [
      // IPv4-compatible (::/96), written dotted or in hex
      ['::127.0.0.1', true],
      ['::7f00:1', true],
      ['::169.254.169.254', true],
      ['::a9fe:a9fe', true],
      ['::10.0.0.1', true],
      ['::8.8.8.8', false],
      // IPv4-mapped and SIIT-translated
      ['::ffff:a9fe:a9fe', true],
      ['::ffff:0:10.0.0.1', true],
      // 6to4 (2002::/16): the IPv4 address is bits 16-48
      ['2002:a9fe:a9fe::', true],
      ['2002:7f00:1::1', true],
      ['2002:808:808::1', false],
      // Teredo (2001::/32): the server's IPv4 in bits 32-64, the client's in the last 32 bits, inverted
      ['2001:0:a00:1::f7f7:f7f7', true], // server 10.0.0.1
      ['2001:0:808:808::80ff:fffe', true], // client 127.0.0.1
      ['2001:0:808:808::f7f7:f7f7', false], // both 8.8.8.8
      // ISATAP interface identifier (::5efe:a.b.c.d) under a public prefix
      ['2606:4700::5efe:a9fe:a9fe', true],
      ['2606:4700::200:5efe:808:808', false],
      // NAT64, whatever it carries
      ['64:ff9b::808:808', true],
      ['64:ff9b:1::a00:1', true],
      ['[::7f00:1]', true],
    ] as const) {
      expect(isPrivateAddress(address), address).toBe(isPrivate);
    }
  });
});

describe.each(backends())('Webhooks on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let strictApp: App;
  let jobs: JobQueue;
  let deps: AppDeps;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    ({
      database,
      app,
      jobs,
      deps,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      users: { ada: 'Ada Lovelace', bob: 'Bob' },
    }));
    // The same database and sessions, with the default configuration: private targets refused.
    ({ app: strictApp } = await createTestApp(database));
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await close?.();
  });

  const call = async <T>(client: AuthClient, method: string, path: string, body?: unknown, on = app) => {
    const response = await on.request(path, {
      method,
      headers: {
        cookie: client.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const create = async (path: string, events: string[] = ['prospect.created']) => {
    const made = await call<WebhookWithSecret>(ada, 'POST', BASE, {
      url: receiver.url(path),
      description: `to ${path}`,
      events,
    });
    expect(made.status).toBe(201);
    return made.body;
  };
  const remove = (hook: { id: string }) => call(ada, 'DELETE', `${BASE}/${hook.id}`);
  const deliveries = async (hook: { id: string }) =>
    (await call<{ deliveries: WebhookDelivery[] }>(ada, 'GET', `${BASE}/${hook.id}/deliveries`)).body
      .deliveries;
  const addProspect = async (name: string) => {
    const added = await call<{ id: string }>(ada, 'POST', '/api/v1/prospects', { name });
    expect(added.status).toBe(201);
    return added.body.id;
  };
  const fromPath = (path: string) => (r: { path: string }) => r.path === `/${path}`;

  it('creates a webhook with a whsec_ secret shown once in full, then only on reveal', async () => {
    const hook = await create('ok');
    expect(hook.secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(hook).toMatchObject({ events: ['prospect.created'], active: true, description: 'to ok' });
    const listed = await call<{ webhooks: Webhook[] }>(ada, 'GET', BASE);
    const item = listed.body.webhooks.find((w) => w.id === hook.id);
    expect(item).toBeDefined();
    expect(JSON.stringify(item)).not.toContain(hook.secret);
    expect(item?.secretHint).toBe(`${hook.secret.slice(0, 10)}…`);
    const revealed = await call<{ secret: string }>(ada, 'GET', `${BASE}/${hook.id}/secret`);
    expect(revealed.body.secret).toBe(hook.secret);
    // Stored sealed: the database does not hold the secret in clear.
    const rows = await database.db.execute(sql`select secret_encrypted from webhooks where id = ${hook.id}`);
    expect(JSON.stringify(rows)).not.toContain(hook.secret);
    await remove(hook);
  });

  it('refuses bad input with the reason and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com/x', events: ['prospect.created'] }, 'http:// or https://'],
      [{ url: 'not a url', events: ['prospect.created'] }, 'http:// or https://'],
      [{ url: 'https://user:pw@example.com/', events: ['prospect.created'] }, 'user name or password'],
      [{ url: 'https://example.com/', events: [] }, 'Choose at least one event'],
      [{ url: 'https://example.com/', events: ['prospect.deleted'] }, 'must be one of'],
      [{ url: 'https://example.com/', events: ['credits.low'], extra: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const refused = await call<{ error: { message: string } }>(ada, 'POST', BASE, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.message).toContain(message);
    }
    expect((await call<{ webhooks: Webhook[] }>(ada, 'GET', BASE)).body.webhooks).toEqual([]);
  });

  it('refuses an IPv6 address that carries a private IPv4 address, in every form (SSRF)', async () => {
    for (const host of [
      '[::127.0.0.1]',
      '[::7f00:1]',
      '[::169.254.169.254]',
      '[::a9fe:a9fe]',
      '[::10.0.0.1]',
      '[2002:a9fe:a9fe::]',
      '[2001:0:a00:1::f7f7:f7f7]',
      '[2001:0:808:808::80ff:fffe]',
    ]) {
      const url = `http://${host}:${new URL(receiver.url('ok')).port}/hook`;
      const refused = await call<{ error: { message: string } }>(
        ada,
        'POST',
        BASE,
        { url, events: ['prospect.created'] },
        strictApp,
      );
      expect(refused.status, url).toBe(422);
      expect(refused.body.error.message).toBe(WEBHOOK_PRIVATE_ADDRESS);
    }
  });

  it('refuses a private, loopback or metadata address when private targets are not allowed (SSRF)', async () => {
    for (const url of [
      receiver.url('ok'),
      'http://localhost:8080/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/hook',
      'http://[::1]:9000/hook',
    ]) {
      const refused = await call<{ error: { message: string } }>(
        ada,
        'POST',
        BASE,
        { url, events: ['prospect.created'] },
        strictApp,
      );
      expect(refused.status, url).toBe(422);
      expect(refused.body.error.message).toBe(WEBHOOK_PRIVATE_ADDRESS);
    }
    const unresolvable = await call<{ error: { message: string } }>(
      ada,
      'POST',
      BASE,
      { url: 'https://no-such-host.invalid/hook', events: ['prospect.created'] },
      strictApp,
    );
    expect(unresolvable.status).toBe(422);
    expect(unresolvable.body.error.message).toContain('could not be resolved');
    // Changing an allowed webhook's URL to a private one is refused the same way.
    const hook = await create('ok');
    const moved = await call(ada, 'PATCH', `${BASE}/${hook.id}`, { url: 'http://127.0.0.1:1/x' }, strictApp);
    expect(moved.status).toBe(422);
    // And a delivery to it at send time (the address is checked again when connecting).
    const id = await addProspect('Guarded Ltd');
    expect(id).toBeTruthy();
    const strict = { ...deps, config: { ...deps.config, webhooks: { allowPrivate: false } } };
    await deliverDue(strict);
    const [attempt] = await deliveries(hook);
    expect(attempt).toMatchObject({ status: 'pending', attempts: 1, error: WEBHOOK_PRIVATE_ADDRESS });
    expect(receiver.received.some((r) => r.body.includes('Guarded Ltd'))).toBe(false);
    await remove(hook);
  });

  it('delivers an event to a local receiver with a signature the documented recipe verifies', async () => {
    const hook = await create('ok');
    const other = await create('ok?rfp-only', ['rfp.completed']);
    const prospectId = await addProspect('Signal Works');
    // Nothing is sent by the request itself: the delivery waits for the job queue.
    const [pending] = await deliveries(hook);
    expect(pending).toMatchObject({ status: 'pending', attempts: 0, eventType: 'prospect.created' });
    await jobs.runOnce();

    const got = await receiver.waitFor((r) => r.path === '/ok' && r.body.includes('Signal Works'));
    const payload = JSON.parse(got.body) as WebhookPayload;
    expect(payload).toMatchObject({
      type: 'prospect.created',
      data: { prospectId, name: 'Signal Works' },
    });
    expect(Object.keys(payload).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    const signature = String(got.headers[SIGNATURE_HEADER.toLowerCase()]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got.headers[EVENT_HEADER.toLowerCase()]).toBe('prospect.created');
    expect(got.headers[DELIVERY_HEADER.toLowerCase()]).toBe(pending?.id);
    expect(got.headers['content-type']).toBe('application/json');

    const verify = await documentedVerify();
    expect(verify(got.body, signature, hook.secret)).toBe(true);
    expect(verify(got.body.replace('Signal Works', 'Signal Worms'), signature, hook.secret)).toBe(false);
    expect(verify(got.body, signature, other.secret)).toBe(false);
    // A replay long after the signing time is refused by the recipe's tolerance.
    const old = signature.replace(/t=\d+/, 't=1000');
    expect(verify(got.body, old, hook.secret)).toBe(false);

    const [done] = await deliveries(hook);
    expect(done).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      responseBody: '{"received":true}',
      error: null,
      nextAttemptAt: null,
    });
    expect(done?.deliveredAt).not.toBeNull();
    expect(done?.durationMs).toBeGreaterThanOrEqual(0);
    // The webhook that wants only rfp.completed got nothing.
    expect(await deliveries(other)).toEqual([]);
    await remove(hook);
    await remove(other);
  });

  it('retries a target answering 500 with backoff, logs each attempt, and gives up after the last', async () => {
    const hook = await create('fail');
    await addProspect('Flaky Corp');
    await jobs.runOnce();
    let [delivery] = await deliveries(hook);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      responseBody: 'receiver is down',
      error: 'The target answered 500',
    });
    const first = Date.parse(delivery?.updatedAt ?? '');
    expect(Date.parse(delivery?.nextAttemptAt ?? '') - first).toBeGreaterThan(0.9 * MINUTE);
    expect(Date.parse(delivery?.nextAttemptAt ?? '') - first).toBeLessThan(1.1 * MINUTE);

    // Before it is due nothing is sent; then each retry waits longer: 1, 5, 30, 120, 360 minutes.
    expect(await deliverDue(deps, { now: new Date(Date.now() + 30_000) })).toBe(0);
    let now = Date.now();
    for (const [n, waitMinutes] of [
      [2, 5],
      [3, 30],
      [4, 120],
      [5, 360],
    ] as const) {
      now = Date.parse(delivery?.nextAttemptAt ?? '') + 1000;
      expect(await deliverDue(deps, { now: new Date(now) })).toBe(1);
      [delivery] = await deliveries(hook);
      expect(delivery).toMatchObject({ status: 'pending', attempts: n, responseStatus: 500 });
      expect(Date.parse(delivery?.nextAttemptAt ?? '') - now).toBe(waitMinutes * MINUTE);
    }
    now = Date.parse(delivery?.nextAttemptAt ?? '') + 1000;
    expect(await deliverDue(deps, { now: new Date(now) })).toBe(1);
    [delivery] = await deliveries(hook);
    expect(delivery).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, nextAttemptAt: null });
    expect(receiver.received.filter((r) => r.path === '/fail' && r.body.includes('Flaky Corp'))).toHaveLength(
      WEBHOOK_MAX_ATTEMPTS,
    );
    // Failed for good: later sweeps leave it alone.
    expect(await deliverDue(deps, { now: new Date(now + 24 * 60 * MINUTE) })).toBe(0);
    await remove(hook);
  });

  it('does not block requests while a target hangs, and times the attempt out', async () => {
    const hook = await create('hang');
    const started = performance.now();
    await addProspect('Slow Target Inc');
    expect(performance.now() - started).toBeLessThan(2000);
    const sending = deliverDue(deps, { timeoutMs: 800 });
    await receiver.waitFor(fromPath('hang'));
    // While the attempt waits on the target, the API answers (no transaction or connection is held).
    const during = performance.now();
    const listed = await call<{ prospects: unknown[] }>(ada, 'GET', '/api/v1/prospects');
    expect(listed.status).toBe(200);
    await addProspect('Meanwhile GmbH');
    expect(performance.now() - during).toBeLessThan(700);
    expect(await sending).toBeGreaterThanOrEqual(1);
    const log = await deliveries(hook);
    const timedOut = log.find((d) => d.attempts === 1);
    expect(timedOut).toMatchObject({ status: 'pending', responseStatus: null });
    expect(timedOut?.error).toContain('timed out');
    expect(timedOut?.durationMs).toBeGreaterThanOrEqual(700);
    await remove(hook);
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    const hook = await create('redirect');
    await addProspect('Moved Permanently AG');
    await jobs.runOnce();
    const [delivery] = await deliveries(hook);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 302 });
    expect(delivery?.error).toContain('Redirects are not followed');
    expect(delivery?.error).toContain('http://127.0.0.1:1/elsewhere');
    await remove(hook);
  });

  it('sends a test ping, and re-sends a delivery as a new attempt of the same event', async () => {
    const hook = await create('ok?ping');
    const test = await call<WebhookDelivery>(ada, 'POST', `${BASE}/${hook.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ status: 'pending', eventType: 'webhook.ping', attempts: 0 });
    await jobs.runOnce();
    const ping = await receiver.waitFor((r) => r.headers[DELIVERY_HEADER.toLowerCase()] === test.body.id);
    expect(JSON.parse(ping.body)).toMatchObject({ type: 'webhook.ping', data: { webhookId: hook.id } });
    expect(
      (await documentedVerify())(
        ping.body,
        String(ping.headers[SIGNATURE_HEADER.toLowerCase()]),
        hook.secret,
      ),
    ).toBe(true);

    const resent = await call<WebhookDelivery>(ada, 'POST', `${BASE}/deliveries/${test.body.id}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body.id).not.toBe(test.body.id);
    await jobs.runOnce();
    const again = await receiver.waitFor((r) => r.headers[DELIVERY_HEADER.toLowerCase()] === resent.body.id);
    expect(JSON.parse(again.body).id).toBe(JSON.parse(ping.body).id);
    const log = await deliveries(hook);
    expect(log.map((d) => [d.id, d.status, d.attempts])).toEqual([
      [resent.body.id, 'succeeded', 1],
      [test.body.id, 'succeeded', 1],
    ]);
    const listed = await call<{ webhooks: Webhook[] }>(ada, 'GET', BASE);
    expect(listed.body.webhooks.find((w) => w.id === hook.id)?.lastDelivery?.id).toBe(resent.body.id);
    await remove(hook);
  });

  it('edits and disables a webhook: a disabled one receives no events', async () => {
    const hook = await create('ok?edited');
    const edited = await call<Webhook>(ada, 'PATCH', `${BASE}/${hook.id}`, {
      description: 'CRM sync',
      events: ['prospect.status_changed', 'prospect.created'],
      active: false,
    });
    expect(edited.status).toBe(200);
    // Kept in the catalogue's order.
    expect(edited.body).toMatchObject({
      description: 'CRM sync',
      events: ['prospect.created', 'prospect.status_changed'],
      active: false,
    });
    await addProspect('Quiet Period Ltd');
    expect(await deliveries(hook)).toEqual([]);
    await remove(hook);
  });

  it("answers 404 for another user's webhook and delivery", async () => {
    const hook = await create('ok?private');
    const test = await call<WebhookDelivery>(ada, 'POST', `${BASE}/${hook.id}/test`);
    await jobs.runOnce();
    for (const [method, path, body] of [
      ['GET', `${BASE}/${hook.id}`, undefined],
      ['PATCH', `${BASE}/${hook.id}`, { active: false }],
      ['GET', `${BASE}/${hook.id}/secret`, undefined],
      ['POST', `${BASE}/${hook.id}/test`, undefined],
      ['GET', `${BASE}/${hook.id}/deliveries`, undefined],
      ['POST', `${BASE}/deliveries/${test.body.id}/resend`, undefined],
      ['DELETE', `${BASE}/${hook.id}`, undefined],
    ] as const) {
      const answer = await call<{ error: { message: string } }>(bob, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await call<{ webhooks: Webhook[] }>(bob, 'GET', BASE)).body.webhooks).toEqual([]);
    expect((await call<Webhook>(ada, 'GET', `${BASE}/${hook.id}`)).body.active).toBe(true);
    const signedOut = await app.request(BASE);
    expect(signedOut.status).toBe(401);
    await remove(hook);
  });
});
