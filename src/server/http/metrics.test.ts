import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app.ts';
import { backends, type TestDatabase } from '../../../tests/helpers/databases.ts';

/** The value of one sample line of the Prometheus text (`name{labels} value`), or null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe.each(backends())('/metrics on $name', (backend) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  let jobs: Awaited<ReturnType<typeof createTestApp>>['jobs'];

  beforeAll(async () => {
    database = await backend.create();
    ({ app, jobs } = await createTestApp(database));
  });
  afterAll(() => database.destroy());

  it('counts and times requests by route pattern, and reports the queue, the database and the process', async () => {
    for (let i = 0; i < 3; i++) await app.request('/api/health');
    await app.request('/api/v1/jobs/00000000-0000-4000-8000-000000000000');
    await app.request('/api/v1/nothing-here');
    jobs.register('metrics-test', async () => {});
    await jobs.enqueue('metrics-test', {});

    const response = await app.request('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(3);
    // The pattern of what answered (here the sign-in check before the job route), never the id asked for.
    expect(sample(text, 'http_requests_total{method="GET",route="/api/v1/jobs/*",status="401"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/*",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe(3);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"}',
    );
    expect(sample(text, 'prospector_jobs{state="queued"}')).toBe(1);
    expect(sample(text, 'prospector_jobs{state="running"}')).toBe(0);
    expect(sample(text, 'prospector_jobs_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'prospector_database_thread_restarts_total')).toBe(0);
    expect(sample(text, 'prospector_database_available')).toBe(1);
    expect(sample(text, 'prospector_shared_data_ready')).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'scrape-token-0123456789';
    const { app: guarded } = await createTestApp(database, { env: { METRICS_TOKEN: token } });
    const without = await guarded.request('/metrics');
    expect(without.status).toBe(401);
    expect((await without.json()).error.message).toBe('Send the METRICS_TOKEN as a bearer token');
    const wrong = await guarded.request('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const right = await guarded.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('http_requests_total');
  });
});
