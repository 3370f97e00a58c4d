import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import { queryRows } from '../../db/client.ts';
import { userCredits } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { ROLL_CYCLES_JOB } from './jobs.ts';
import { demoPayments } from './payments.ts';
import { type CreditAccount, ledgerDifference } from './service.ts';

const noDelay = demoPayments(0);

describe.each(backends())('credits on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let jobs: JobQueue;
  let ada: AuthClient;
  let close: () => Promise<void>;
  let adaId: string;

  beforeAll(async () => {
    ({
      database,
      app,
      jobs,
      users: { ada },
      close,
    } = await signedInApp(backend, { seed: true, payments: noDelay, users: { ada: 'Ada' } }));
    adaId = (await ada.session())?.user.id ?? '';
  });
  afterAll(() => close?.());

  const account = async (client: AuthClient) =>
    (await (await client.request('GET', '/api/v1/credits')).json()) as CreditAccount;
  const balanced = async (userId: string) =>
    expect(await ledgerDifference(database.db, userId)).toEqual({ remaining: 0, used: 0 });

  it('creates the default account on first read: unlimited, 500,000 credits, a 30-day cycle, with its grant', async () => {
    const first = await account(ada);
    expect(first).toMatchObject({
      planType: 'unlimited',
      totalCredits: 500_000,
      usedCredits: 0,
      remainingCredits: 500_000,
    });
    const days = (Date.parse(first.billingCycleEnd) - Date.parse(first.billingCycleStart)) / 86_400_000;
    expect(days).toBe(30);
    const ledger = await (await ada.request('GET', '/api/v1/credits/transactions')).json();
    expect(ledger.transactions).toHaveLength(1);
    expect(ledger.transactions[0]).toMatchObject({ transactionType: 'grant', creditsAmount: 500_000 });
    await balanced(adaId);
  });

  it('lists the active prices by category, without a session', async () => {
    const response = await app.request('/api/v1/credits/pricing');
    const { pricing } = (await response.json()) as { pricing: { activityType: string; category: string }[] };
    expect(pricing.map((p) => p.activityType)).toContain('email_finder');
    const categories = pricing.map((p) => p.category);
    expect(categories).toEqual([...categories].sort());
  });

  it("answers a charge that broke with spec 2's 'Failed to deduct credits', taking nothing (issue 25)", async () => {
    const lee = authClient(app);
    await lee.signUp('lee@example.com', 'violet-harbor-42', 'Lee');
    const before = await account(lee);
    // The charge's database function goes missing for a moment: the charge breaks (it is not refused).
    await database.db.execute(
      sql`alter function charge_credits(uuid, text, integer, text) rename to charge_credits_away`,
    );
    try {
      const broken = await lee.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query' });
      expect(broken.status).toBe(500);
      expect((await broken.json()).error).toEqual({
        code: 'CREDIT_DEDUCTION_FAILED',
        message: 'Failed to deduct credits. Please try again.',
      });
    } finally {
      await database.db.execute(
        sql`alter function charge_credits_away(uuid, text, integer, text) rename to charge_credits`,
      );
    }
    expect(await account(lee)).toMatchObject({ usedCredits: before.usedCredits });
    expect((await lee.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query' })).status).toBe(
      201,
    );
  });

  it("describes a usage row by the activity's name, never its key, old rows included (issue 25)", async () => {
    const mia = authClient(app);
    await mia.signUp('mia@example.com', 'violet-harbor-42', 'Mia');
    const miaId = (await mia.session())?.user.id ?? '';
    await mia.request('POST', '/api/v1/credits/usage', { activityType: 'knowledge_chat' });
    await mia.request('POST', '/api/v1/credits/usage', { activityType: 'email_finder', quantity: 3 });
    await mia.request('POST', '/api/v1/credits/usage', {
      activityType: 'export',
      description: 'Exported 40 companies',
    });
    // Rows written before the fix carry the raw key as their description.
    await database.db.execute(sql`insert into credit_transactions
        (user_id, transaction_type, activity_type, credits_amount, description)
      values (${miaId}, 'usage', 'contact_discovery', 0, 'contact_discovery'),
        (${miaId}, 'usage', 'contact_discovery', 0, 'contact_discovery x2')`);
    const stored = await queryRows<{ description: string }>(
      database.db,
      sql`select description from credit_transactions where user_id = ${miaId} and activity_type = 'knowledge_chat'`,
    );
    expect(stored.map((row) => row.description)).toEqual(['Knowledge chat']);
    const ledger = await (await mia.request('GET', '/api/v1/credits/transactions?type=usage')).json();
    const byActivity = ledger.transactions.map(
      (t: { activityType: string; description: string }) => `${t.activityType}: ${t.description}`,
    );
    expect(byActivity.sort()).toEqual([
      'contact_discovery: Contact discovery',
      'contact_discovery: Contact discovery x2',
      'email_finder: Email finder x3',
      'export: Exported 40 companies',
      'knowledge_chat: Knowledge chat',
    ]);
  });

  it('takes demo payments unless Stripe is configured: the pricing says so and the Stripe webhook is off', async () => {
    expect((await (await app.request('/api/v1/credits/pricing')).json()).payments).toBe('demo');
    const webhook = await app.request('/api/v1/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=0' },
      body: '{}',
    });
    expect(webhook.status).toBe(404);
    expect((await webhook.json()).error.message).toBe('Stripe payments are not configured');
  });

  it('charges cost x quantity and logs the usage; unknown activities and bad quantities are refused', async () => {
    const charged = await ada.request('POST', '/api/v1/credits/usage', {
      activityType: 'email_finder',
      quantity: 3,
    });
    expect(charged.status).toBe(201);
    expect(await charged.json()).toMatchObject({ creditsCharged: 6, account: { usedCredits: 6 } });
    const unknown = await ada.request('POST', '/api/v1/credits/usage', { activityType: 'teleportation' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('Activity pricing not found for: teleportation');
    expect(
      (await ada.request('POST', '/api/v1/credits/usage', { activityType: 'export', quantity: 0 })).status,
    ).toBe(400);
    expect((await app.request('/api/v1/credits')).status).toBe(401);
    await balanced(adaId);
  });

  it('pages through the ledger with a cursor, newest first, missing and repeating nothing', async () => {
    for (let i = 0; i < 5; i++)
      await ada.request('POST', '/api/v1/credits/usage', { activityType: 'export' });
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const response = await ada.request(
        'GET',
        `/api/v1/credits/transactions?type=usage&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      const page = (await response.json()) as {
        transactions: { id: string; createdAt: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.transactions.map((t) => t.id));
      cursor = page.nextCursor;
    }
    const all = (await (
      await ada.request('GET', '/api/v1/credits/transactions?type=usage&limit=1000')
    ).json()) as {
      transactions: { id: string; createdAt: string }[];
    };
    expect(seen).toEqual(all.transactions.map((t) => t.id));
    expect(new Set(seen).size).toBe(seen.length);
    const times = all.transactions.map((t) => t.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await ada.request('GET', '/api/v1/credits/transactions?cursor=bogus')).status).toBe(400);
  });

  it('refuses a charge above the balance with 402 and the spec message, and takes nothing', async () => {
    const bob = authClient(app);
    await bob.signUp('bob@example.com', 'amber-lantern-77', 'Bob');
    const bobId = (await bob.session())?.user.id ?? '';
    await account(bob);
    await database.db.update(userCredits).set({ totalCredits: 4 }).where(eq(userCredits.userId, bobId));
    await database.db.execute(
      sql`update credit_transactions set credits_amount = 4 where user_id = ${bobId}`,
    );
    const response = await bob.request('POST', '/api/v1/credits/usage', { activityType: 'phone_finder' });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      error: {
        code: 'INSUFFICIENT_CREDITS',
        message: 'Insufficient credits. Required: 5, Available: 4',
        details: { required: 5, available: 4 },
      },
    });
    expect((await account(bob)).usedCredits).toBe(0);
    await balanced(bobId);
  });

  it('grants a package with its bonus once per idempotency key, even for two racing requests', async () => {
    const before = (await account(ada)).totalCredits;
    const buy = () =>
      ada.request('POST', '/api/v1/credits/purchases', {
        packageId: 'professional',
        idempotencyKey: 'buy-once-123',
      });
    const [a, b] = await Promise.all([buy(), buy()]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const again = await buy();
    expect(again.status).toBe(200);
    expect((await again.json()).replayed).toBe(true);
    expect((await account(ada)).totalCredits).toBe(before + 550);
    await balanced(adaId);
  });

  it('upgrades now (total raised only if higher, new cycle, used credits kept) and schedules a downgrade for the cycle end', async () => {
    const cleo = authClient(app);
    await cleo.signUp('cleo@example.com', 'copper-meadow-31', 'Cleo');
    const cleoId = (await cleo.session())?.user.id ?? '';
    await account(cleo);
    // A small account first, so that the upgrade raises it.
    await database.db
      .update(userCredits)
      .set({ totalCredits: 50, planType: 'free' })
      .where(eq(userCredits.userId, cleoId));
    await database.db.execute(
      sql`update credit_transactions set credits_amount = 50 where user_id = ${cleoId}`,
    );
    await cleo.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query', quantity: 10 });

    const up = await cleo.request('PUT', '/api/v1/credits/plan', { planId: 'business' });
    expect(up.status).toBe(200);
    const upgraded = (await up.json()) as { change: string; account: CreditAccount };
    expect(upgraded.change).toBe('upgrade');
    // Spec 2 §4 changes plan, total and dates only: the 10 credits used stay used.
    expect(upgraded.account).toMatchObject({ planType: 'business', totalCredits: 1500, usedCredits: 10 });
    expect(Date.parse(upgraded.account.billingCycleEnd) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const ledger = (await (await cleo.request('GET', '/api/v1/credits/transactions?type=purchase')).json())
      .transactions;
    expect(ledger[0]).toMatchObject({ description: 'Plan upgrade to Business', creditsAmount: 1450 });
    expect((await cleo.request('PUT', '/api/v1/credits/plan', { planId: 'business' })).status).toBe(409);

    const down = (await (
      await cleo.request('PUT', '/api/v1/credits/plan', { planId: 'professional' })
    ).json()) as {
      change: string;
      account: CreditAccount;
    };
    expect(down.change).toBe('downgrade');
    expect(down.account).toMatchObject({
      planType: 'business',
      pendingPlanType: 'professional',
      totalCredits: 1500,
    });
    await balanced(cleoId);

    // The cycle ends: the downgrade applies, used credits start again from zero, the books still balance.
    await cleo.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query', quantity: 7 });
    // Time travel: everything so far happened 31 days ago.
    await database.db.execute(
      sql`update user_credits set billing_cycle_start = billing_cycle_start - interval '31 days',
                                  billing_cycle_end = billing_cycle_end - interval '31 days',
                                  used_since = used_since - interval '31 days' where user_id = ${cleoId}`,
    );
    await database.db.execute(
      sql`update credit_transactions set created_at = created_at - interval '31 days' where user_id = ${cleoId}`,
    );
    const rolled = await account(cleo);
    expect(rolled).toMatchObject({
      planType: 'professional',
      pendingPlanType: null,
      totalCredits: 500,
      usedCredits: 0,
    });
    expect(Date.parse(rolled.billingCycleEnd)).toBeGreaterThan(Date.now());
    // The ledger says what happened: the 1,483 credits left of the Business cycle expired, and the new cycle
    // granted the Professional plan's 500.
    const newest = (await (await cleo.request('GET', '/api/v1/credits/transactions?limit=2')).json())
      .transactions;
    expect(newest).toMatchObject([
      { transactionType: 'grant', creditsAmount: 500, description: 'Monthly credits, Professional plan' },
      {
        transactionType: 'expiry',
        creditsAmount: 1483,
        description: '1483 unused credits expired at the end of the billing cycle',
      },
    ]);
    await balanced(cleoId);
  });

  it('sends the 80% and 100% usage alerts once each', async () => {
    const dan = authClient(app);
    await dan.signUp('dan@example.com', 'copper-meadow-31', 'Dan');
    const danId = (await dan.session())?.user.id ?? '';
    await account(dan);
    await database.db.update(userCredits).set({ totalCredits: 10 }).where(eq(userCredits.userId, danId));
    await database.db.execute(
      sql`update credit_transactions set credits_amount = 10 where user_id = ${danId}`,
    );
    for (let i = 0; i < 10; i++)
      await dan.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query' });
    expect((await account(dan)).alerts).toEqual([80, 100]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mails = (await (await app.request('/api/dev/mailbox?to=dan@example.com')).json()).mails as {
      kind: string;
      subject: string;
    }[];
    expect(
      mails
        .filter((m) => m.kind === 'usage-alert')
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Prospector: 100% of your credits used', 'Prospector: 80% of your credits used']);
  });

  it('keeps the books balanced through a storm of concurrent charges, purchases and plan changes, and never overdraws', async () => {
    const eve = authClient(app);
    await eve.signUp('eve@example.com', 'copper-meadow-31', 'Eve');
    const eveId = (await eve.session())?.user.id ?? '';
    await account(eve);
    await database.db.update(userCredits).set({ totalCredits: 300 }).where(eq(userCredits.userId, eveId));
    await database.db.execute(
      sql`update credit_transactions set credits_amount = 300 where user_id = ${eveId}`,
    );

    const requests: Promise<Response>[] = [];
    for (let i = 0; i < 120; i++) {
      requests.push(eve.request('POST', '/api/v1/credits/usage', { activityType: 'company_enrichment' }));
      if (i % 20 === 0) {
        requests.push(
          eve.request('POST', '/api/v1/credits/purchases', {
            packageId: 'starter',
            idempotencyKey: `storm-key-${i}`,
          }),
        );
      }
      if (i === 60) requests.push(eve.request('PUT', '/api/v1/credits/plan', { planId: 'professional' }));
    }
    const responses = await Promise.all(requests);
    const unexpected = await Promise.all(
      responses
        .filter((r) => ![200, 201, 402].includes(r.status))
        .map(async (r) => `${r.status} ${await r.text()}`),
    );
    expect(unexpected).toEqual([]);
    const final = await account(eve);
    expect(final.usedCredits).toBeLessThanOrEqual(final.totalCredits);
    await balanced(eveId);
  });

  it('tops up automatically when the balance falls below the chosen threshold, once', async () => {
    const fay = authClient(app);
    await fay.signUp('fay@example.com', 'copper-meadow-31', 'Fay');
    const fayId = (await fay.session())?.user.id ?? '';
    await account(fay);
    await database.db.update(userCredits).set({ totalCredits: 60 }).where(eq(userCredits.userId, fayId));
    await database.db.execute(
      sql`update credit_transactions set credits_amount = 60 where user_id = ${fayId}`,
    );
    const set = await fay.request('PUT', '/api/v1/credits/auto-top-up', {
      setting: { packageId: 'starter', below: 50 },
    });
    expect((await set.json()).autoTopUp).toEqual({ packageId: 'starter', below: 50 });
    await Promise.all(
      [0, 1, 2].map(() =>
        fay.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query', quantity: 5 }),
      ),
    );
    // The charge queues the top-up without waiting for it (it never slows a charge down): run the queue until
    // the job is there.
    await expect
      .poll(async () => {
        await jobs.runOnce();
        return (await account(fay)).totalCredits;
      })
      .toBe(160);
    const after = await account(fay);
    expect(after.remainingCredits).toBe(145);
    const purchases = await (await fay.request('GET', '/api/v1/credits/transactions?type=purchase')).json();
    expect(purchases.transactions.map((t: { description: string }) => t.description)).toEqual([
      'Automatic top-up, Starter Pack: 100 credits',
    ]);
    await balanced(fayId);
  });

  it('starts due billing cycles from the hourly job, for accounts nobody reads', async () => {
    const gus = authClient(app);
    await gus.signUp('gus@example.com', 'copper-meadow-31', 'Gus');
    const gusId = (await gus.session())?.user.id ?? '';
    await gus.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query', quantity: 4 });
    await database.db.execute(
      sql`update user_credits set billing_cycle_start = billing_cycle_start - interval '30 days',
                                  billing_cycle_end = billing_cycle_end - interval '30 days',
                                  used_since = used_since - interval '30 days' where user_id = ${gusId}`,
    );
    await database.db.execute(
      sql`update credit_transactions set created_at = created_at - interval '30 days' where user_id = ${gusId}`,
    );
    await jobs.enqueue(ROLL_CYCLES_JOB, {});
    await jobs.runOnce();
    const [row] = await database.db.select().from(userCredits).where(eq(userCredits.userId, gusId));
    expect(row?.usedCredits).toBe(0);
    expect(row?.totalCredits).toBe(500_000);
    expect(row?.billingCycleEnd.getTime()).toBeGreaterThan(Date.now());
    await balanced(gusId);
  });

  /** Sends the account's billing cycle end into the past, as if the cycle had run out (nothing else moves). */
  const endCycle = (userId: string) =>
    database.db.execute(
      sql`update user_credits set billing_cycle_end = clock_timestamp() - interval '1 second' where user_id = ${userId}`,
    );
  const transactions = async (client: AuthClient) =>
    (await (await client.request('GET', '/api/v1/credits/transactions?limit=1000')).json()).transactions as {
      transactionType: string;
      creditsAmount: number;
      description: string;
    }[];

  it('spends a bought package within its cycle: the roll-over expires what is left and grants only the plan (issue 21)', async () => {
    const hal = authClient(app);
    await hal.signUp('hal@example.com', 'copper-meadow-31', 'Hal');
    const halId = (await hal.session())?.user.id ?? '';
    const bought = await hal.request('POST', '/api/v1/credits/purchases', {
      packageId: 'professional',
      idempotencyKey: 'hal-package-1',
    });
    expect(bought.status).toBe(201);
    await hal.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query', quantity: 47 });
    expect(await account(hal)).toMatchObject({ totalCredits: 500_550, usedCredits: 47 });

    await endCycle(halId);
    expect(await account(hal)).toMatchObject({
      planType: 'unlimited',
      totalCredits: 500_000,
      usedCredits: 0,
    });
    const ledger = await transactions(hal);
    expect(ledger.slice(0, 2)).toMatchObject([
      { transactionType: 'grant', creditsAmount: 500_000, description: 'Monthly credits, Unlimited plan' },
      {
        transactionType: 'expiry',
        creditsAmount: 500_503,
        description: '500503 unused credits expired at the end of the billing cycle',
      },
    ]);
    await balanced(halId);

    // The next roll-over (from the hourly job this time) grants the plan again, never the package.
    await endCycle(halId);
    await jobs.enqueue(ROLL_CYCLES_JOB, {});
    await jobs.runOnce();
    expect(await account(hal)).toMatchObject({ totalCredits: 500_000, usedCredits: 0 });
    const after = await transactions(hal);
    expect(after.filter((t) => t.transactionType === 'purchase')).toHaveLength(1);
    expect(after.filter((t) => t.transactionType === 'grant').map((t) => t.creditsAmount)).toEqual([
      500_000, 500_000, 500_000,
    ]);
    expect(after.filter((t) => t.transactionType === 'cycle_reset')).toEqual([]);
    await balanced(halId);
  });

  it('applies a waiting downgrade at the roll-over: the new plan is granted and the old credits expire', async () => {
    const ivy = authClient(app);
    await ivy.signUp('ivy@example.com', 'copper-meadow-31', 'Ivy');
    const ivyId = (await ivy.session())?.user.id ?? '';
    await ivy.request('POST', '/api/v1/credits/purchases', {
      packageId: 'starter',
      idempotencyKey: 'ivy-starter',
    });
    const down = await ivy.request('PUT', '/api/v1/credits/plan', { planId: 'free' });
    expect(await down.json()).toMatchObject({
      change: 'downgrade',
      account: { planType: 'unlimited', pendingPlanType: 'free', totalCredits: 500_100, usedCredits: 0 },
    });
    await endCycle(ivyId);
    expect(await account(ivy)).toMatchObject({
      planType: 'free',
      pendingPlanType: null,
      totalCredits: 50,
      usedCredits: 0,
    });
    expect((await transactions(ivy)).slice(0, 2)).toMatchObject([
      { transactionType: 'grant', creditsAmount: 50, description: 'Monthly credits, Free plan' },
      { transactionType: 'expiry', creditsAmount: 500_100 },
    ]);
    await balanced(ivyId);
  });

  it('never gives used credits back on a plan change, however often it is clicked (issue 21)', async () => {
    const jon = authClient(app);
    await jon.signUp('jon@example.com', 'copper-meadow-31', 'Jon');
    const jonId = (await jon.session())?.user.id ?? '';
    await jon.request('POST', '/api/v1/credits/usage', { activityType: 'ai_query', quantity: 47 });
    const before = await account(jon);

    // As reported: "Unlimited, 47 used" and two clicks on Professional at once.
    const clicks = await Promise.all(
      [0, 1].map(() => jon.request('PUT', '/api/v1/credits/plan', { planId: 'professional' })),
    );
    expect(clicks.map((r) => r.status).sort()).toEqual([200, 409]);
    const upgraded = await account(jon);
    // 500 is below the 500,000 left from the default plan: the total is never lowered, never raised here.
    expect(upgraded).toMatchObject({ planType: 'professional', totalCredits: 500_000, usedCredits: 47 });
    expect(Date.parse(upgraded.billingCycleStart)).toBeGreaterThan(Date.parse(before.billingCycleStart));
    // The usage chart starts where the used credits were counted from, before the new cycle.
    expect(upgraded.usedSince).toBe(before.usedSince);

    for (const planId of ['business', 'enterprise']) {
      expect((await jon.request('PUT', '/api/v1/credits/plan', { planId })).status).toBe(200);
      expect(await account(jon)).toMatchObject({ planType: planId, totalCredits: 500_000, usedCredits: 47 });
    }
    expect(await transactions(jon)).toMatchObject([
      { transactionType: 'usage', creditsAmount: 47 },
      { transactionType: 'grant', creditsAmount: 500_000 },
    ]);

    // A downgrade waits: the same request twice schedules it once and changes nothing now.
    for (let i = 0; i < 2; i++) {
      const down = await jon.request('PUT', '/api/v1/credits/plan', { planId: 'professional' });
      expect(down.status).toBe(200);
      expect((await down.json()).account).toMatchObject({
        planType: 'enterprise',
        pendingPlanType: 'professional',
        totalCredits: 500_000,
        usedCredits: 47,
      });
    }
    await balanced(jonId);
  });

  it('raises the total on an upgrade only by the ledger row that says so', async () => {
    const kim = authClient(app);
    await kim.signUp('kim@example.com', 'copper-meadow-31', 'Kim');
    const kimId = (await kim.session())?.user.id ?? '';
    await account(kim);
    await kim.request('PUT', '/api/v1/credits/plan', { planId: 'free' });
    await endCycle(kimId);
    await kim.request('POST', '/api/v1/credits/usage', { activityType: 'phone_finder', quantity: 6 });
    const up = await kim.request('PUT', '/api/v1/credits/plan', { planId: 'business' });
    expect((await up.json()).account).toMatchObject({
      planType: 'business',
      totalCredits: 1500,
      usedCredits: 30,
    });
    expect((await transactions(kim))[0]).toMatchObject({
      transactionType: 'purchase',
      creditsAmount: 1450,
      description: 'Plan upgrade to Business',
    });
    await balanced(kimId);
  });
});
