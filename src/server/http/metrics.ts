/**
 * Prometheus metrics at /metrics (text format): requests by route, their latency, the job queue, the
 * embedded database's thread and the process (RSS, heap, event-loop lag: prom-client's default metrics).
 * With METRICS_TOKEN set, a scraper sends it as a bearer token.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps, AppEnv } from '../context.ts';
import { queryRows } from '../db/client.ts';
import { errorBody } from './errors.ts';

/** Seconds: from a cached health answer to a long upload or export. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics({ database, dataLoad }: Pick<AppDeps, 'database' | 'dataLoad'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

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

  /** Counts and times a request under its route pattern (`/api/v1/companies/:idOrName`, not the id). */
  // prom-client hashes the label object of every observation (7 us of a 150 us /api/health under load); a
  // route's series, found again by one string, skip that. Routes, methods and statuses are few, so is this.
  const counted = new Map<string, Counter.Internal>();
  const timed = new Map<string, Histogram.Internal<'method' | 'route'>>();
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${route}`;
    seriesOf(timed, key, () => latency.labels(method, route)).observe(seconds);
    seriesOf(counted, `${key} ${status}`, () => requests.labels(method, route, String(status))).inc();
  };

  return { registry, observe };
}

type JobCounts = { queued: number; running: number; oldestAgeSeconds: number };

export function metricsRoute(app: Hono<AppEnv>, registry: Registry, token: string | null) {
  app.get('/metrics', async (c) => {
    if (token && !bearerMatches(c.req.header('authorization'), token)) {
      c.header('www-authenticate', 'Bearer');
      return c.json(errorBody('UNAUTHORIZED', 'Send the METRICS_TOKEN as a bearer token'), 401);
    }
    c.header('content-type', registry.contentType);
    c.header('cache-control', 'no-store');
    return c.body(await registry.metrics());
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function seriesOf<T>(series: Map<string, T>, key: string, create: () => T): T {
  let found = series.get(key);
  if (!found) {
    found = create();
    series.set(key, found);
  }
  return found;
}
