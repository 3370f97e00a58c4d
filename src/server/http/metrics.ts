/**
 * Prometheus metrics at /metrics (text format): requests by route, their latency, the job queue, the
 * embedded database's thread and the process (RSS, heap, event-loop lag: prom-client's default metrics).
 * With METRICS_TOKEN set, a scraper sends it as a bearer token.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { AppDeps, AppEnv } from '../context.ts';
import { queryRows } from '../db/client.ts';
import { errorBody } from './errors.ts';
import { createRouteMetrics } from './route-metrics.ts';

export function createMetrics({ database, dataLoad }: Pick<AppDeps, 'database' | 'dataLoad'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  new Gauge({
    name: 'prospector_jobs',
    help: 'Background jobs due to run (queued) and running',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const rows = await jobCounts();
      this.set({ state: 'queued' }, rows.queued);
      this.set({ state: 'running' }, rows.running);
    },
  });
  new Gauge({
    name: 'prospector_jobs_oldest_queued_age_seconds',
    help: 'How long the oldest job due to run has waited (0: none waiting)',
    registers,
    async collect() {
      this.set((await jobCounts()).oldestAgeSeconds);
    },
  });
  new Counter({
    name: 'prospector_database_thread_restarts_total',
    help: 'Times the embedded database thread stopped answering and was replaced (PGlite only)',
    registers,
    collect() {
      this.reset();
      this.inc(database.thread?.restarts ?? 0);
    },
  });
  new Gauge({
    name: 'prospector_database_available',
    help: '1 while the database thread answers; 0 while it is being replaced',
    registers,
    collect() {
      this.set(!database.thread || database.thread.available ? 1 : 0);
    },
  });
  new Gauge({
    name: 'prospector_shared_data_ready',
    help: "1 once the shared company and people data is loaded (a new server's first start)",
    registers,
    collect() {
      this.set(dataLoad.ready ? 1 : 0);
    },
  });

  // One query per scrape for both job gauges.
  let counts: { at: number; value: Promise<JobCounts> } | null = null;
  function jobCounts(): Promise<JobCounts> {
    if (counts && Date.now() - counts.at < 1000) return counts.value;
    const value = queryRows<{ queued: number; running: number; oldest: number | null }>(
      database.db,
      sql`select
        count(*) filter (where status = 'queued' and run_at <= now())::int as queued,
        count(*) filter (where status = 'running')::int as running,
        extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now()))::float8
          as oldest
        from jobs where status in ('queued', 'running')`,
    ).then(
      ([row]) => ({
        queued: row?.queued ?? 0,
        running: row?.running ?? 0,
        oldestAgeSeconds: Math.max(0, row?.oldest ?? 0),
      }),
      () => ({ queued: Number.NaN, running: Number.NaN, oldestAgeSeconds: Number.NaN }),
    );
    counts = { at: Date.now(), value };
    return value;
  }

  // Requests by route pattern (`/api/v1/companies/:idOrName`, not the id): counted in plain numbers.
  const routes = createRouteMetrics();

  return { registry, routes, observe: routes.observe };
}

type JobCounts = { queued: number; running: number; oldestAgeSeconds: number };

export function metricsRoute(
  app: Hono<AppEnv>,
  { registry, routes }: Pick<ReturnType<typeof createMetrics>, 'registry' | 'routes'>,
  token: string | null,
) {
  app.get('/metrics', async (c) => {
    if (token && !bearerMatches(c.req.header('authorization'), token)) {
      c.header('www-authenticate', 'Bearer');
      return c.json(errorBody('UNAUTHORIZED', 'Send the METRICS_TOKEN as a bearer token'), 401);
    }
    c.header('content-type', registry.contentType);
    c.header('cache-control', 'no-store');
    return c.body(`${routes.text()}${await registry.metrics()}`);
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
