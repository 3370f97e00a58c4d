/**
 * The prospects API (issue 7 point 8, issue 6 "add to prospect"): find or create from a company, the detail with
 * forecasts, momentum and activity, status and account fields, the three-scenario forecast editor, the manual
 * momentum override, the account management list with pipeline totals, isolation between users, and the
 * copilot's commands moving momentum, and the Account Management charts (issue 25 point 10).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthClient, authClient } from '../../../../tests/helpers/auth.ts';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { signedInApp } from '../../../../tests/helpers/signed-in.ts';
import type { SendMessageResponse } from '../../../shared/copilot.ts';
import {
  FORECAST_ORDER_ERROR,
  PROSPECT_STATUSES,
  type ProspectDetail,
  type ProspectList,
  type ProspectPipeline,
} from '../../../shared/prospects.ts';
import { queryRows } from '../../db/client.ts';
import { companyMaster } from '../../db/schema.ts';
import type { App } from '../../http/app.ts';

const real = { source: 'sp500', license: 'ODC-PDDL-1.0' } as const;

describe.each(backends())('prospects on $name', (backend: Backend) => {
  let database: TestDatabase;
  let app: App;
  let ada: AuthClient;
  let bob: AuthClient;
  let close: () => Promise<void>;
  let acmeId: string;
  let globexId: string;

  beforeAll(async () => {
    ({
      database,
      app,
      users: { ada, bob },
      close,
    } = await signedInApp(backend, {
      seed: true,
      beforeApp: async (database) => {
        const inserted = await database.db
          .insert(companyMaster)
          .values([
            {
              ...real,
              name: 'Acme Robotics',
              primaryIndustry: 'Industrial Machinery',
              employees: 12_500,
              country: 'United States',
              countryCode: 'US',
              region: 'California',
              city: 'San Jose',
              location: 'San Jose, California, United States',
            },
            { ...real, name: 'Globex Analytics', size: '51-200', country: 'Germany', city: 'Berlin' },
          ])
          .returning({ id: companyMaster.id, name: companyMaster.name });
        acmeId = inserted.find((c) => c.name === 'Acme Robotics')?.id ?? '';
        globexId = inserted.find((c) => c.name === 'Globex Analytics')?.id ?? '';
      },
      users: { ada: 'Ada', bob: 'Bob' },
    }));
  });
  afterAll(() => close?.());

  const call = async <T = ProspectDetail>(
    client: AuthClient,
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const response = await client.request(method, path, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const create = (client: AuthClient, body: object) => call(client, 'POST', '/api/v1/prospects', body);
  const get = (client: AuthClient, id: string) => call(client, 'GET', `/api/v1/prospects/${id}`);
  const list = (client: AuthClient, query = '') =>
    call<ProspectList>(client, 'GET', `/api/v1/prospects${query}`);
  const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

  it('asks for a session', async () => {
    expect((await app.request('/api/v1/prospects')).status).toBe(401);
    expect((await app.request('/api/v1/prospects', { method: 'POST' })).status).toBe(401);
  });

  it('adds a company as a prospect with what the company data knows, once', async () => {
    const first = await create(ada, { companyId: acmeId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      created: true,
      name: 'Acme Robotics',
      company: { id: acmeId, name: 'Acme Robotics' },
      location: 'San Jose, California, United States',
      employees: '12,500',
      revenue: 'Unknown',
      ceo: 'Unknown',
      // Spec 3 §4's defaults.
      status: 'qualified',
      accountHealth: 'high-engagement',
      revenuePotential: 'high-value-targets',
      lifecyclePosition: 'onboarding',
      reportName: 'Default Copilot Report',
      pipeline: null,
      forecasts: [],
    });
    expect(first.body.activities.map((a) => a.kind)).toEqual(['created']);
    // Momentum is there from the start, computed from that first touch.
    expect(first.body.momentum).toMatchObject({
      velocityScore: 61,
      momentumTrend: 'steady',
      isManualOverride: false,
    });
    expect(first.body.momentum?.insight).toContain('1 prospect created');

    const again = await create(ada, { companyId: acmeId });
    expect([again.status, again.body.id, (again.body as { created?: boolean }).created]).toEqual([
      200,
      first.body.id,
      false,
    ]);
    const byName = await create(ada, { name: '  acme ROBOTICS ' });
    expect([byName.status, byName.body.id]).toEqual([200, first.body.id]);

    // A name that is exactly a company's is linked to it; a size stands in for an unknown head count.
    const globex = await create(ada, { name: 'Globex Analytics' });
    expect(globex.status).toBe(201);
    expect(globex.body).toMatchObject({
      company: { id: globexId },
      employees: '51-200 employees',
      location: 'Berlin, Germany',
    });
    const plain = await create(ada, { name: 'Initech' });
    expect(plain.body).toMatchObject({ company: null, location: 'Unknown', employees: 'Unknown' });
  });

  it('refuses bad input with clear messages and 404 for an unknown company', async () => {
    for (const body of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 'A', extra: 1 },
      { companyId: 'nope' },
    ]) {
      const response = await create(ada, body);
      expect(response.status).toBe(400);
      expect(errorOf(response.body)).toMatch(/^Invalid request: /);
    }
    const unknown = await create(ada, { companyId: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.status, errorOf(unknown.body)]).toEqual([404, 'Company not found']);
    const malformed = await ada.request('POST', '/api/v1/prospects', undefined, {
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
  });

  it('changes status and account fields from closed lists, logging only real changes', async () => {
    const { body: prospect } = await create(ada, { name: 'Umbrella Corp' });
    const path = `/api/v1/prospects/${prospect.id}`;
    const changed = await call(ada, 'PATCH', path, {
      status: 'champion-accounts',
      lifecyclePosition: 'negotiation',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: 'champion-accounts', lifecyclePosition: 'negotiation' });
    expect(
      changed.body.activities
        .slice(0, 2)
        .map((a) => a.kind)
        .sort(),
    ).toEqual(['details_changed', 'status_changed']);
    expect(changed.body.activities.find((a) => a.kind === 'status_changed')?.detail).toEqual({
      from: 'qualified',
      to: 'champion-accounts',
    });
    // 50 + 3 touches × 6 + 15 (champion); progress 80 + 5 for a positive status.
    expect(changed.body.momentum).toMatchObject({ velocityScore: 83, progressPercentage: 85 });

    const same = await call(ada, 'PATCH', path, { status: 'champion-accounts' });
    expect(same.body.activities.length).toBe(changed.body.activities.length);

    for (const [body, message] of [
      [{ status: 'won' }, 'status: must be one of expansion-upsell, new-logo'],
      [{ accountHealth: 'fine' }, 'accountHealth: must be one of high-engagement'],
      [{ lifecyclePosition: 'closed' }, 'lifecyclePosition: must be one of onboarding'],
      [{}, 'Send at least one of status'],
      [{ status: 'qualified', name: 'x' }, 'Invalid request'],
    ] as const) {
      const refused = await call(ada, 'PATCH', path, body);
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body)).toContain(message);
    }
    const atRisk = await call(ada, 'PATCH', path, { status: 'at-risk', accountHealth: 'needs-attention' });
    expect(atRisk.body.momentum?.velocityScore).toBeLessThan(changed.body.momentum?.velocityScore ?? 0);
    expect(atRisk.body.momentum?.insight).toContain('The status At risk takes 20 points off.');
  });

  it('writes three-scenario forecasts per timeline with spec 3 §9 defaults, marked as edited by the user', async () => {
    const { body: prospect } = await create(ada, { name: 'Stark Industries' });
    const path = `/api/v1/prospects/${prospect.id}/forecasts`;
    const before = Date.now();
    const saved = await call(ada, 'PUT', path, {
      conservativeAmount: 1_000_000,
      realisticAmount: 2_500_000,
      optimisticAmount: 4_000_000,
      methodology: 'Three seats per region',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.forecasts).toEqual([
      expect.objectContaining({
        timelineDays: 120,
        confidencePercentage: 75,
        conservativeAmount: 1_000_000,
        realisticAmount: 2_500_000,
        optimisticAmount: 4_000_000,
        isUserEdited: true,
        methodology: 'Three seats per region',
      }),
    ]);
    const editedAt = new Date(saved.body.forecasts[0]?.editedAt ?? 0).getTime();
    expect(editedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(saved.body.pipeline).toEqual({
      conservative: 1_000_000,
      realistic: 2_500_000,
      optimistic: 4_000_000,
    });
    expect(saved.body.activities[0]?.kind).toBe('forecast_edited');

    // Another timeline; the list is ordered by timeline, the upsert replaces the same timeline's amounts.
    await call(ada, 'PUT', path, {
      timelineDays: 90,
      conservativeAmount: 500_000,
      realisticAmount: 500_000,
      optimisticAmount: 900_000,
      confidencePercentage: 60,
    });
    const updated = await call(ada, 'PUT', path, {
      conservativeAmount: 1_200_000,
      realisticAmount: 2_000_000,
      optimisticAmount: 3_000_000,
    });
    expect(
      updated.body.forecasts.map((f) => [f.timelineDays, f.realisticAmount, f.confidencePercentage]),
    ).toEqual([
      [90, 500_000, 60],
      [120, 2_000_000, 75],
    ]);
    // Leaving the methodology out keeps it; the pipeline is the longest timeline's.
    expect(updated.body.forecasts[1]?.methodology).toBe('Three seats per region');
    expect(updated.body.pipeline?.realistic).toBe(2_000_000);

    for (const [body, message] of [
      [{ conservativeAmount: 3, realisticAmount: 2, optimisticAmount: 4 }, FORECAST_ORDER_ERROR],
      [{ conservativeAmount: 1, realisticAmount: 5, optimisticAmount: 4 }, FORECAST_ORDER_ERROR],
      // A scenario not estimated (0) is left out of the order, but the estimated ones keep it.
      [{ conservativeAmount: 5, realisticAmount: 0, optimisticAmount: 4 }, FORECAST_ORDER_ERROR],
      [
        { conservativeAmount: -1, realisticAmount: 2, optimisticAmount: 4 },
        'conservativeAmount: must be at least 0',
      ],
      [{ conservativeAmount: 1.5, realisticAmount: 2, optimisticAmount: 4 }, 'must be whole dollars'],
      [{ conservativeAmount: 1, realisticAmount: 2 }, 'optimisticAmount'],
      [
        { conservativeAmount: 1, realisticAmount: 2, optimisticAmount: 3, confidencePercentage: 101 },
        'Confidence must be at most 100',
      ],
      [{ conservativeAmount: 1, realisticAmount: 2, optimisticAmount: 3, timelineDays: 0 }, 'at least 1 day'],
      [{ conservativeAmount: '1', realisticAmount: 2, optimisticAmount: 3 }, 'must be a number of dollars'],
    ] as const) {
      const refused = await call(ada, 'PUT', path, body);
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body)).toContain(message);
    }
    // Nothing of the refused edits was stored.
    expect((await get(ada, prospect.id)).body.forecasts.map((f) => f.realisticAmount)).toEqual([
      500_000, 2_000_000,
    ]);

    const removed = await call(ada, 'DELETE', `${path}/90`);
    expect(removed.body.forecasts.map((f) => f.timelineDays)).toEqual([120]);
    expect(removed.body.activities[0]).toMatchObject({
      kind: 'forecast_removed',
      detail: { timelineDays: 90 },
    });
    const gone = await call(ada, 'DELETE', `${path}/90`);
    expect([gone.status, errorOf(gone.body)]).toEqual([404, 'Forecast not found']);
    expect((await call(ada, 'DELETE', `${path}/abc`)).status).toBe(400);
  });

  it('keeps a manual momentum override through later activity until it is cleared', async () => {
    const { body: prospect } = await create(ada, { name: 'Wayne Enterprises' });
    const path = `/api/v1/prospects/${prospect.id}/momentum`;
    const computed = prospect.momentum;
    const override = {
      velocityScore: 20,
      momentumTrend: 'slowing',
      progressPercentage: 35,
      insight: 'Budget frozen until Q3, says the CFO.',
    };
    const set = await call(ada, 'PUT', path, override);
    expect(set.status).toBe(200);
    expect(set.body.momentum).toMatchObject({ ...override, isManualOverride: true });
    expect(set.body.activities[0]?.kind).toBe('momentum_overridden');

    // Activity does not replace the user's own reading, and neither does a read.
    const patched = await call(ada, 'PATCH', `/api/v1/prospects/${prospect.id}`, {
      status: 'high-engagement',
    });
    expect(patched.body.momentum).toMatchObject({ ...override, isManualOverride: true });
    expect((await get(ada, prospect.id)).body.momentum).toMatchObject({
      velocityScore: 20,
      isManualOverride: true,
    });
    const listed = (await list(ada, '?q=wayne')).body.prospects[0];
    expect(listed?.momentum).toMatchObject({ velocityScore: 20, isManualOverride: true });

    for (const [body, message] of [
      [{ ...override, velocityScore: 101 }, 'Velocity score must be at most 100'],
      [{ ...override, progressPercentage: -1 }, 'Progress must be at least 0'],
      [{ ...override, momentumTrend: 'rocketing' }, 'momentumTrend: must be one of accelerating'],
      [{ ...override, insight: '  ' }, 'the insight must not be empty'],
      [{ velocityScore: 50 }, 'Invalid request'],
    ] as const) {
      const refused = await call(ada, 'PUT', path, body);
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body)).toContain(message);
    }

    const cleared = await call(ada, 'DELETE', `${path}/override`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.momentum?.isManualOverride).toBe(false);
    // Computed again from the activity: created, a status change (high engagement +15).
    expect(cleared.body.momentum?.velocityScore).toBe(50 + 12 + 15);
    expect(cleared.body.momentum?.velocityScore).not.toBe(computed?.velocityScore);
    expect(cleared.body.activities[0]?.kind).toBe('momentum_override_cleared');
    // Clearing again is harmless.
    const again = await call(ada, 'DELETE', `${path}/override`);
    expect([again.status, again.body.momentum?.isManualOverride]).toEqual([200, false]);
    expect(again.body.activities.length).toBe(cleared.body.activities.length);
  });

  it('lets the momentum decay with the days since the last touch, on read', async () => {
    const { body: prospect } = await create(ada, { name: 'Cyberdyne Systems' });
    expect(prospect.momentum).toMatchObject({ velocityScore: 61, momentumTrend: 'steady' });
    // Twelve days pass without a touch.
    await database.db.execute(
      sql`update prospect_activities set created_at = created_at - interval '12 days'
          where prospect_id = ${prospect.id}::uuid`,
    );
    const later = await get(ada, prospect.id);
    // The touch is still in the last 14 days (+6), but 12 idle days cost 18 points.
    expect(later.body.momentum).toMatchObject({ velocityScore: 50 + 6 + 5 - 18, momentumTrend: 'slowing' });
    expect(later.body.momentum?.insight).toContain('Last touch 12 days ago, which costs 18 points.');
    await database.db.execute(
      sql`update prospect_activities set created_at = created_at - interval '30 days'
          where prospect_id = ${prospect.id}::uuid`,
    );
    const listed = (await list(ada, '?q=cyberdyne')).body.prospects[0];
    expect(listed?.momentum).toMatchObject({ velocityScore: 50 + 5 - 40, momentumTrend: 'stalled' });
  });

  it('lists prospects by status, health and lifecycle with pipeline totals and counts', async () => {
    const all = await list(ada, '?limit=100');
    expect(all.status).toBe(200);
    const names = all.body.prospects.map((p) => p.name);
    expect(names).toContain('Acme Robotics');
    expect(all.body.total).toBe(all.body.prospects.length);
    // Only Stark Industries has a forecast: its longest timeline.
    expect(all.body.totals).toEqual({ conservative: 1_200_000, realistic: 2_000_000, optimistic: 3_000_000 });
    expect(all.body.counts.status['at-risk']).toBe(1);
    expect(all.body.counts.status.qualified).toBe(all.body.total - 2);
    expect(all.body.counts.lifecyclePosition.negotiation).toBe(1);
    expect(all.body.counts.accountHealth['needs-attention']).toBe(1);
    expect(Object.keys(all.body.counts.status)).toHaveLength(8);

    const atRisk = await list(ada, '?status=at-risk');
    expect(atRisk.body.prospects.map((p) => p.name)).toEqual(['Umbrella Corp']);
    expect(atRisk.body.totals.realistic).toBe(0);
    // Counts follow the search words, not the other filters.
    expect(atRisk.body.counts).toEqual(all.body.counts);

    const healthy = await list(ada, '?accountHealth=needs-attention&lifecyclePosition=negotiation');
    expect(healthy.body.total).toBe(1);
    const none = await list(ada, '?lifecyclePosition=closed-won');
    expect([none.body.total, none.body.prospects, none.body.totals.optimistic]).toEqual([0, [], 0]);

    const search = await list(ada, '?q=stark');
    expect(search.body.prospects.map((p) => p.name)).toEqual(['Stark Industries']);
    expect(search.body.totals.realistic).toBe(2_000_000);
    expect(search.body.counts.status.qualified).toBe(1);

    const byName = await list(ada, '?sort=name');
    expect(byName.body.prospects.map((p) => p.name)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byPipeline = await list(ada, '?sort=pipeline&limit=1');
    expect(byPipeline.body.prospects.map((p) => p.name)).toEqual(['Stark Industries']);
    expect(byPipeline.body.total).toBe(all.body.total);
    const byMomentum = (await list(ada, '?sort=momentum')).body.prospects.map(
      (p) => p.momentum?.velocityScore ?? 0,
    );
    expect(byMomentum).toEqual([...byMomentum].sort((a, b) => b - a));
    const second = await list(ada, '?sort=name&limit=2&offset=2');
    expect(second.body.prospects.map((p) => p.name)).toEqual(
      byName.body.prospects.slice(2, 4).map((p) => p.name),
    );

    for (const query of [
      '?status=won',
      '?sort=random',
      '?limit=0',
      '?limit=101',
      '?offset=-1',
      '?colour=red',
    ]) {
      const refused = await list(ada, query);
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body)).toMatch(/^Invalid request: /);
    }
  });

  it('charts the pipeline by status and the forecasts by the month they are expected to close', async () => {
    const cai = authClient(app);
    await cai.signUp('cai@example.com', 'violet-harbor-42', 'Cai');
    const pipeline = (query = '') => call<ProspectPipeline>(cai, 'GET', `/api/v1/prospects/pipeline${query}`);
    const empty = await pipeline();
    expect(empty.status).toBe(200);
    expect(empty.body.byStatus.every((b) => b.count === 0 && b.realistic === 0)).toBe(true);
    expect(empty.body).toMatchObject({ byCloseMonth: [], withoutForecast: 0 });

    const ids: Record<string, string> = {};
    for (const name of ['Borealis Air', 'Fjord Bank', 'Tagus Foods', 'Quiet Fields']) {
      ids[name] = (await create(cai, { name })).body.id;
    }
    await call(cai, 'PATCH', `/api/v1/prospects/${ids['Fjord Bank']}`, { status: 'at-risk' });
    const forecast = async (name: string, timelineDays: number, millions: [number, number, number]) => {
      const [conservativeAmount, realisticAmount, optimisticAmount] = millions.map((m) => m * 1_000_000);
      const saved = await call(cai, 'PUT', `/api/v1/prospects/${ids[name]}/forecasts`, {
        timelineDays,
        conservativeAmount,
        realisticAmount,
        optimisticAmount,
      });
      expect(saved.status).toBe(200);
    };
    // Borealis: the 120-day forecast stands for the deal, not the 30-day one.
    await forecast('Borealis Air', 30, [0.5, 1, 1.5]);
    await forecast('Borealis Air', 120, [1, 2, 3]);
    await forecast('Fjord Bank', 60, [2, 4, 6]);
    await forecast('Tagus Foods', 150, [1, 1, 1]);
    // Set in January: Borealis closes 10 May, Fjord 16 March, Tagus 19 June; nothing in April.
    for (const [name, day] of [
      ['Borealis Air', '2026-01-10'],
      ['Fjord Bank', '2026-01-15'],
      ['Tagus Foods', '2026-01-20'],
    ] as const) {
      await database.db.execute(
        sql`update revenue_forecasts set edited_at = ${`${day}T12:00:00Z`}::timestamptz where prospect_id = ${ids[name]}::uuid`,
      );
    }

    const { status, body } = await pipeline();
    expect(status).toBe(200);
    const byStatus = Object.fromEntries(body.byStatus.map((b) => [b.status, b]));
    expect(body.byStatus.map((b) => b.status)).toEqual(PROSPECT_STATUSES);
    expect(byStatus.qualified).toEqual({
      status: 'qualified',
      count: 3,
      conservative: 2_000_000,
      realistic: 3_000_000,
      optimistic: 4_000_000,
    });
    expect(byStatus['at-risk']).toMatchObject({ count: 1, realistic: 4_000_000 });
    expect(byStatus.dormant).toMatchObject({ count: 0, realistic: 0 });
    expect(body.byCloseMonth).toEqual([
      { month: '2026-03', count: 1, conservative: 2_000_000, realistic: 4_000_000, optimistic: 6_000_000 },
      { month: '2026-04', count: 0, conservative: 0, realistic: 0, optimistic: 0 },
      { month: '2026-05', count: 1, conservative: 1_000_000, realistic: 2_000_000, optimistic: 3_000_000 },
      { month: '2026-06', count: 1, conservative: 1_000_000, realistic: 1_000_000, optimistic: 1_000_000 },
    ]);
    expect(body.withoutForecast).toBe(1);
    // The months add up to the pipeline totals of the list.
    const totals = (await list(cai)).body.totals;
    expect(body.byCloseMonth.reduce((sum, m) => sum + m.realistic, 0)).toBe(totals.realistic);

    // The list's filters: the status filter leaves the bars by status as they are, not the months.
    const atRisk = await pipeline('?status=at-risk');
    expect(atRisk.body.byStatus.find((b) => b.status === 'qualified')?.count).toBe(3);
    expect(atRisk.body.byCloseMonth.map((m) => m.month)).toEqual(['2026-03']);
    expect(atRisk.body.withoutForecast).toBe(0);
    const words = await pipeline('?q=tagus');
    expect(words.body.byStatus.find((b) => b.status === 'qualified')?.count).toBe(1);
    expect(words.body.byCloseMonth.map((m) => [m.month, m.count])).toEqual([['2026-06', 1]]);

    const bad = await pipeline('?status=won');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('must be one of');
    expect((await pipeline('?limit=5')).status).toBe(400);
    expect((await app.request('/api/v1/prospects/pipeline')).status).toBe(401);
    // Another user's charts hold none of this.
    const dee = authClient(app);
    await dee.signUp('dee@example.com', 'violet-harbor-42', 'Dee');
    const theirs = await call<ProspectPipeline>(dee, 'GET', '/api/v1/prospects/pipeline');
    expect(theirs.body.byStatus.reduce((n, b) => n + b.count, 0)).toBe(0);
    expect(theirs.body.byCloseMonth).toEqual([]);
  });

  it("keeps each user's prospects their own", async () => {
    const { body: mine } = await create(ada, { name: 'Soylent' });
    const theirs = await create(bob, { name: 'Soylent' });
    // The same name is a different prospect for another user.
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.id);

    const path = `/api/v1/prospects/${mine.id}`;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { status: 'dormant' }],
      ['PUT', '/forecasts', { conservativeAmount: 1, realisticAmount: 2, optimisticAmount: 3 }],
      [
        'PUT',
        '/momentum',
        { velocityScore: 1, momentumTrend: 'stalled', progressPercentage: 1, insight: 'x' },
      ],
      ['DELETE', '/momentum/override', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const refused = await call(bob, method, `${path}${suffix}`, body);
      expect([method, suffix, refused.status, errorOf(refused.body)]).toEqual([
        method,
        suffix,
        404,
        'Prospect not found',
      ]);
    }
    expect((await list(bob)).body.prospects.map((p) => p.name)).toEqual(['Soylent']);
    // Nothing of Bob's attempts reached Ada's prospect.
    const still = await get(ada, mine.id);
    expect(still.body).toMatchObject({ status: 'qualified', forecasts: [] });
    expect(still.body.momentum?.isManualOverride).toBe(false);

    const forecast = { conservativeAmount: 1, realisticAmount: 2, optimisticAmount: 3 };
    for (const [method, path, body] of [
      ['GET', '/api/v1/prospects/42', undefined],
      ['PUT', '/api/v1/prospects/not-a-uuid/forecasts', forecast],
    ] as const) {
      const response = await ada.request(method, path, body);
      expect(response.status).toBe(400);
      expect(errorOf(await response.json())).toContain('must be a prospect id (UUID)');
    }
  });

  it("moves momentum with the copilot's revenue and status commands", async () => {
    const { body: prospect } = await create(ada, { name: 'Tyrell Corporation' });
    const send = async (text: string) => {
      const response = await ada.request('POST', '/api/v1/copilot/messages', {
        text,
        context: { path: `/prospect/${prospect.id}`, prospectId: prospect.id },
      });
      return ((await response.json()) as SendMessageResponse).reply;
    };
    const revenue = await send('update realistic forecast to $2.5m');
    expect(revenue.command).toMatchObject({ action: 'revenue', ok: true });
    const afterRevenue = (await get(ada, prospect.id)).body;
    expect(afterRevenue.forecasts).toEqual([
      expect.objectContaining({
        timelineDays: 120,
        confidencePercentage: 75,
        realisticAmount: 2_500_000,
        isUserEdited: true,
      }),
    ]);
    expect(afterRevenue.momentum?.velocityScore).toBe((prospect.momentum?.velocityScore ?? 0) + 6);
    expect(afterRevenue.momentum?.insight).toContain('1 forecast edit');

    const status = await send('set status to at-risk');
    expect(status.command).toMatchObject({ action: 'status', ok: true, message: 'Status set to At risk.' });
    const afterStatus = (await get(ada, prospect.id)).body;
    expect(afterStatus.status).toBe('at-risk');
    // One more touch (+6), and at risk (−20) instead of qualified (+5).
    expect(afterStatus.momentum?.velocityScore).toBe((afterRevenue.momentum?.velocityScore ?? 0) + 6 - 25);
    expect(afterStatus.activities.map((a) => a.kind).slice(0, 3)).toEqual([
      'status_changed',
      'forecast_edited',
      'created',
    ]);
  });

  it('deletes a prospect with its forecasts, momentum and activity', async () => {
    const { body: prospect } = await create(ada, { name: 'Hooli' });
    await call(ada, 'PUT', `/api/v1/prospects/${prospect.id}/forecasts`, {
      conservativeAmount: 1,
      realisticAmount: 2,
      optimisticAmount: 3,
    });
    const removed = await ada.request('DELETE', `/api/v1/prospects/${prospect.id}`);
    expect(removed.status).toBe(204);
    expect((await get(ada, prospect.id)).status).toBe(404);
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select (select count(*) from revenue_forecasts where prospect_id = ${prospect.id}::uuid)
        + (select count(*) from deal_momentum where prospect_id = ${prospect.id}::uuid)
        + (select count(*) from prospect_activities where prospect_id = ${prospect.id}::uuid) as n`,
    );
    expect(Number(left?.n)).toBe(0);
    expect((await ada.request('DELETE', `/api/v1/prospects/${prospect.id}`)).status).toBe(404);
  });
});
