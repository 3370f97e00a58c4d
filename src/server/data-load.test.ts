import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/app.ts';
import { type AuthClient, authClient, callJson } from '../../tests/helpers/auth.ts';
import { backends, type TestDatabase } from '../../tests/helpers/databases.ts';
import { signedInApp } from '../../tests/helpers/signed-in.ts';
import { DataLoad } from './data-load.ts';
import { loadCompanyData } from './features/companies/data/load-company-data.ts';

type Failure = { error: { code: string; message: string } };

describe.each(backends())('a first start while the shared data loads, on $name', (backend) => {
  let database: TestDatabase;
  let ada: AuthClient;
  let close: () => Promise<void>;
  const dataLoad = DataLoad.loading();

  beforeAll(async () => {
    ({
      database,
      users: { ada },
      close,
    } = await signedInApp(backend, { seed: true, dataLoad, users: { ada: 'Ada' } }));
  });
  afterAll(() => close?.());

  it('is live and answers, but not ready, and its searches say the data is loading', async () => {
    const health = await callJson<{ status: string; ready: boolean; checks: object }>(
      ada,
      'GET',
      '/api/health',
    );
    expect(health).toEqual({
      status: 200,
      body: expect.objectContaining({
        status: 'ok',
        ready: false,
        checks: { database: 'ok', data: 'loading', ai: 'builtin' },
      }),
    });
    expect((await ada.request('GET', '/api/health/ready')).status).toBe(503);
    expect((await ada.request('GET', '/api/health/live')).status).toBe(200);

    for (const [method, path, body] of [
      ['GET', '/api/v1/companies?industry=Fintech', undefined],
      ['GET', '/api/v1/people?title=CEO', undefined],
      ['POST', '/api/v1/copilot/analyze', { query: 'fintech companies in Germany' }],
    ] as const) {
      const response = await ada.request(method, path, body);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(((await response.json()) as Failure).error.message).toMatch(/is still loading \(first start/);
    }
    // What does not need the shared data works meanwhile.
    expect((await ada.request('GET', '/api/v1/credits')).status).toBe(200);
  });

  it('answers from the whole data once it is in, the copilot validating against it', async () => {
    await loadCompanyData(database);
    dataLoad.set('companies', 'ready');
    const found = await callJson<{ companies: unknown[] }>(ada, 'GET', '/api/v1/companies?country=Germany');
    expect(found).toMatchObject({ status: 200 });
    expect(found.body.companies.length).toBeGreaterThan(0);
    const analysis = await callJson<{ filterValidation: { validFilters: object } }>(
      ada,
      'POST',
      '/api/v1/copilot/analyze',
      { query: 'fintech companies in Germany with 50-200 employees' },
    );
    expect(analysis.status).toBe(200);
    expect(analysis.body.filterValidation.validFilters).toMatchObject({ countries: ['Germany'] });
    // People are still loading, and say so.
    expect((await ada.request('GET', '/api/v1/people?title=CEO')).status).toBe(503);
    dataLoad.set('people', 'ready');
    expect((await ada.request('GET', '/api/health/ready')).status).toBe(200);
  });

  it('says so when a load failed, and is not ready', async () => {
    const failed = DataLoad.loading();
    failed.set('companies', 'failed');
    const { app: broken } = await createTestApp(database, { dataLoad: failed });
    const client = authClient(broken);
    await client.signIn('ada@example.com', 'violet-harbor-42');
    const response = await callJson<Failure>(client, 'GET', '/api/v1/companies');
    expect(response.status).toBe(503);
    expect(response.body.error.message).toBe(
      'The company data could not be loaded. The server log says why.',
    );
    const health = await callJson<{ ready: boolean; checks: { data: string } }>(
      client,
      'GET',
      '/api/health/ready',
    );
    expect([health.status, health.body.ready, health.body.checks.data]).toEqual([503, false, 'failed']);
  });
});
