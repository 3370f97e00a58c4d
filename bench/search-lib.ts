/**
 * What the two search benchmarks (company-search.ts and people-search.ts) share: the server bundled from the
 * sources and started on a database of its own, one signed-in user per connection, the autocannon runs of
 * the API and the "direct" runs with CONNECTIONS calls in flight, and the figures that set them side by side.
 * Kept apart from lib.ts, which every benchmark loads, so that the others do not load autocannon, esbuild
 * and pg.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { bundleServer } from '../scripts/server-bundle.ts';
import type { Caller } from '../src/server/context.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { writeSyntheticCompanies } from '../src/server/features/companies/data/write-synthetic-companies.ts';
import { type Figure, freePort, ROOT, startProcess, stop, waitFor200 } from './lib.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const CONNECTIONS = 32;
export const DURATION_S = 10;
export const WARMUP_S = 2;
const SERVER_BUNDLE = join(ROOT, 'node_modules/.cache/prospector-bench/server/main.js');

export type Backend = 'PostgreSQL' | 'PGlite';

/** One case: the request the API gets, and the query the route builds from it (the validated values). */
export type Case<Query> = {
  id: string;
  label: string;
  path: string;
  kind: 'search' | 'facets';
  query: Query;
  /** p95 target in ms. */
  target: number;
};

// ---------------------------------------------------------------------------------------------------------
// Running: the server, its users, the API and direct runs
// ---------------------------------------------------------------------------------------------------------

/**
 * Bundles the server from the current sources (as scripts/build.ts bundles dist/server/) into node_modules/.cache, so that a benchmark measures the code as it is without rebuilding dist/
 * under a server that may be using it.
 */
async function bundleCurrentServer(): Promise<void> {
  mkdirSync(join(SERVER_BUNDLE, '..'), { recursive: true });
  await bundleServer(join(SERVER_BUNDLE, '..'));
}

/**
 * A search benchmark's whole run: bundles the server, then runs PostgreSQL and PGlite one after the other, or
 * the one BENCH_ONLY names (postgres or pglite).
 */
export async function runBackends(
  postgres: () => Promise<Figure[]>,
  pglite: () => Promise<Figure[]>,
): Promise<Figure[]> {
  await bundleCurrentServer();
  const only = process.env.BENCH_ONLY?.toLowerCase();
  return [...(only === 'pglite' ? [] : await postgres()), ...(only === 'postgres' ? [] : await pglite())];
}

/** Starts the bundled production server on the given database, runs `work` against it, and stops it. */
export async function withServer<T>(
  env: Record<string, string>,
  work: (base: string) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const server = startProcess('node', [SERVER_BUNDLE], {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    // Every search with criteria costs a credit: enough that the benchmark never meets a 402.
    DEFAULT_CREDITS: '1000000000',
    ...env,
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  // Read both pipes: a full pipe would block the server's writes.
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  try {
    const base = `http://127.0.0.1:${port}`;
    // Ready, not only up: on a new database the server loads the shared companies behind its first answers,
    // and the searches say so (503) until they are in; beside a million synthetic rows that takes a while.
    await waitFor200(`${base}/api/health/ready`, performance.now(), 600_000).catch((err) => {
      throw new Error(`${(err as Error).message}\n${log}`);
    });
    return await work(base);
  } finally {
    await stop(server);
  }
}

export type Session = { base: string; cookie: string; caller: Caller };

/** Signs a new user up (from `address`, as the server trusts X-Forwarded-For here) and keeps its cookie. */
export async function signUp(base: string, email: string, address: string, name: string): Promise<Session> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: 'bench-violet-harbor-42', name }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { user } = (await response.json()) as { user: { id: string; email: string; name: string } };
  return { base, cookie, caller: { id: user.id, email: user.email, name: user.name, emailVerified: false } };
}

/**
 * One signed-in seller per connection (32 sellers searching at once, not one seller sending 32 searches at a
 * time): `<emailPrefix>searcher-<i>-<pid>@example.com` from `<network>.<i + 1>`.
 */
export const signUpSearchers = (
  base: string,
  { emailPrefix, network, name }: { emailPrefix: string; network: string; name: string },
) =>
  Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      signUp(base, `${emailPrefix}searcher-${i}-${process.pid}@example.com`, `${network}.${i + 1}`, name),
    ),
  );

/** One signed-in GET that must answer 200, timed from the request to the whole body. */
export async function get<T>(session: Session, path: string): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const response = await fetch(`${session.base}${path}`, { headers: { cookie: session.cookie } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`);
  return { ms, body: JSON.parse(text) as T };
}

export type Stats = {
  p50: number;
  p95: number;
  rps: number;
  requests: number;
  failures: number;
  detail?: string;
};

export const round1 = (n: number) => Math.round(n * 10) / 10;

function stats(latencies: number[], seconds: number, failures: number): Stats {
  const sorted = [...latencies].sort((x, y) => x - y);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
  return {
    p50: round1(at(0.5)),
    p95: round1(at(0.95)),
    rps: Math.round(latencies.length / seconds),
    requests: latencies.length,
    failures,
  };
}

/**
 * autocannon against one URL for `seconds`, CONNECTIONS connections each with the cookie of its own session;
 * latencies from its per-response event (its summary has no p95).
 */
async function hammer(url: string, sessions: Session[], seconds: number): Promise<Stats> {
  const latencies: number[] = [];
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        setupClient: (client) => {
          client.setHeaders({ cookie: sessions[next++ % sessions.length]?.cookie ?? '' });
        },
      },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      latencies.push(ms);
    });
  });
  // autocannon counts a timeout among the errors as well.
  const failures = result.non2xx + result.errors;
  return {
    ...stats(latencies, result.duration, failures),
    detail: `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; max ${result.latency.max} ms`,
  };
}

/** The API run of one path: a WARMUP_S warm-up, then DURATION_S measured (the API figures of every case). */
export async function apiRun(path: string, sessions: Session[]): Promise<Stats> {
  const url = `${(sessions[0] as Session).base}${path}`;
  await hammer(url, sessions, WARMUP_S);
  return hammer(url, sessions, DURATION_S);
}

/** `work` with CONNECTIONS calls always in flight, for `seconds` (the direct runs, without HTTP). */
export async function inFlight(work: () => Promise<unknown>, seconds: number): Promise<Stats> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await work();
          latencies.push(performance.now() - t);
        } catch {
          failures++;
        }
      }
    }),
  );
  return stats(latencies, (performance.now() - started) / 1000, failures);
}

/** A run in which no call came back (each took longer than the run, or autocannon's 10 s timeout). */
export const NONE = `none back within ${DURATION_S} s`;

export const describe = (s: Stats | null) =>
  s ? (s.requests ? `p50 ${s.p50} p95 ${s.p95} ms ${s.rps}/s` : NONE) : '-';

export type Reference = { label: string; api: Stats };

/** What a run measures before its cases (see openingRuns). */
export type Opening = { firstRequest: number; references: Reference[] };

/**
 * What a run measures before its cases: the very first search after the server started (`firstPath`; the
 * routes read the filter vocabulary as they start), then what any request costs on this machine under the
 * same load as the cases: the health check, and one signed-in read of a single row.
 */
export async function openingRuns(
  backend: Backend,
  sessions: Session[],
  firstPath: string,
): Promise<Opening> {
  const firstRequest = (await get(sessions[0] as Session, firstPath)).ms;
  const references: Reference[] = [];
  for (const [label, path] of [
    ['GET /api/health', '/api/health'],
    ['GET /api/v1/credits (signed in)', '/api/v1/credits'],
  ] as const) {
    const api = await apiRun(path, sessions);
    console.log(`  ${backend} reference ${label}: API ${describe(api)}`);
    references.push({ label, api });
  }
  return { firstRequest, references };
}

// ---------------------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------------------

/**
 * Runs `work` on a new PostgreSQL database `fresh` (made from TEST_DATABASE_URL's server, migrated, dropped
 * after) or, with BENCH_REUSE_DB=<name>, on that existing database (migrated, and kept). Skips with a warning
 * (no figures) when PostgreSQL is not reachable.
 */
export async function withPostgres(
  fresh: string,
  work: (target: { database: Database; url: string; name: string; reused: boolean }) => Promise<Figure[]>,
): Promise<Figure[]> {
  const reuse = process.env.BENCH_REUSE_DB;
  const name = reuse || fresh;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${ADMIN_URL} (${(err as Error).message}); skipped.`);
    return [];
  }
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let database: Database | null = null;
  try {
    database = await openDatabase({ mode: 'postgres', url: url.toString() });
    await database.migrate();
    return await work({ database, url: url.toString(), name, reused: Boolean(reuse) });
  } finally {
    await database?.close();
    if (!reuse) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Runs `work` with a new PGlite data directory (removed after) and the server environment that uses it. */
export async function withPgliteDir<T>(
  prefix: string,
  work: (dataDir: string, env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await work(dataDir, { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Opens the PGlite database in `dataDir`, runs `work` on it and closes it. PGlite is one process's database:
 * only while the server is not running (to write the data before it starts, the direct calls after it stops).
 */
export async function withPglite<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ mode: 'pglite', dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Synthetic companies, as `npm run data:generate` writes them (ending with VACUUM ANALYZE). */
export async function writeCompanies(backend: Backend, database: Database, count: number): Promise<void> {
  console.log(`  ${backend}: writing ${count.toLocaleString('en')} synthetic companies…`);
  const written = await writeSyntheticCompanies(database, { count, seed: 42 });
  console.log(`  ${backend}: written in ${Math.round(written.ms / 1000)} s`);
}

// ---------------------------------------------------------------------------------------------------------
// Figures: the API beside the direct calls
// ---------------------------------------------------------------------------------------------------------

/** API p95 over direct p95; null when either run had no call back. */
export const ratio = (api: Stats, direct: Stats) =>
  api.requests && direct.requests ? Math.round((api.p95 / direct.p95) * 100) / 100 : null;

/** The value of a latency figure for a run with no call back: at least the run's length. */
const slower = { value: DURATION_S * 1000, unit: `ms or more (${NONE})` };

/** The figures of openingRuns: the first search after the server started, and the reference runs. */
export function openingFigures(
  backend: Backend,
  what: string,
  { firstRequest, references }: Opening,
): Figure[] {
  return [
    {
      name: `${backend}: first ${what} request after start (cold)`,
      value: Math.round(firstRequest),
      unit: 'ms',
      target: 'info',
      ok: true,
    },
    ...references.map(({ label, api }) => ({
      name: `${backend} reference, ${label}: API p50 / p95`,
      value: api.p50,
      unit: `/ ${api.p95} ms, ${api.rps} req/s`,
      target: 'info',
      ok: true,
    })),
  ];
}

/**
 * One case's API figures: its first request, p50 and throughput, p95 (held to the case's target where
 * `gated`, that is on PostgreSQL) and failed responses.
 */
export function apiFigures(
  label: string,
  first: number,
  api: Stats,
  target: number,
  gated: boolean,
): Figure[] {
  return [
    { name: `${label}: first request`, value: Math.round(first), unit: 'ms', target: 'info', ok: true },
    {
      name: `${label}: API p50 / throughput`,
      ...(api.requests ? { value: api.p50, unit: `ms / ${api.rps} req/s` } : slower),
      target: 'info',
      ok: true,
    },
    {
      name: `${label}: API p95`,
      ...(api.requests ? { value: api.p95, unit: 'ms' } : slower),
      target: gated ? `<= ${target} ms` : 'info',
      ok: api.requests > 0 && (!gated || api.p95 <= target),
    },
    {
      name: `${label}: API failed responses`,
      value: api.failures,
      unit: `of ${api.requests} (${api.detail})`,
      target: '0',
      ok: api.failures === 0,
    },
  ];
}

/** A direct run's p50 / p95 and calls per second. */
export const directFigure = (name: string, direct: Stats): Figure => ({
  name,
  ...(direct.requests ? { value: direct.p50, unit: `/ ${direct.p95} ms, ${direct.rps} calls/s` } : slower),
  target: 'info',
  ok: true,
});

/** API p95 over a direct run's p95: for information, or held to at most `limit`. */
export function ratioFigure(name: string, api: Stats, direct: Stats, limit: number | null): Figure {
  const value = ratio(api, direct);
  return {
    name,
    ...(value === null ? { value: 0, unit: `- (${NONE})` } : { value, unit: 'x' }),
    target: limit === null ? 'info' : `<= ${limit} x`,
    ok: limit === null || (value !== null && value <= limit),
  };
}

/** A figure for a direct run's failed calls, when it had any. */
export const directFailures = (name: string, direct: Stats | null): Figure[] =>
  direct?.failures ? [{ name, value: direct.failures, unit: '', target: '0', ok: false }] : [];

/** A cell of the side-by-side tables: p50 / p95 and calls per second. */
export const cell = (s: Stats | null) => (s ? (s.requests ? `${s.p50} / ${s.p95}, ${s.rps}/s` : NONE) : '-');

/** The API/direct p95 cell of the side-by-side tables. */
export const ratioCell = (api: Stats, direct: Stats | null) =>
  direct ? (ratio(api, direct)?.toString().concat('x') ?? '-') : '-';

/** Prints a side-by-side table, each column as wide as its widest cell. */
export function printRows(rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((text, i) => text.padEnd(widths[i] ?? 0)).join('  '));
}

/**
 * The synthetic people sample loads in the background just after the server starts (seconds of PGlite's one
 * connection): measure after it, as a user would meet the server.
 */
export async function sampleLoaded(session: Session): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${session.base}/api/v1/people?source=synthetic&limit=1`, {
      headers: { cookie: session.cookie },
    });
    const body = (await response.json()) as { people?: unknown[] };
    if (body.people?.length) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the synthetic people sample did not load within 2 minutes');
}
