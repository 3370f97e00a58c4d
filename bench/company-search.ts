/**
 * Company search benchmark (issue 5, "Speed"): 1,000,000 synthetic companies in PostgreSQL and 100,000 in
 * PGlite. Four cases: (a) a text query, (b) three filters, (c) facet counts under a filter, (d) page 50 of a
 * name-sorted list. Each is measured
 * - through the HTTP API of the production server with autocannon, 32 connections (each signed in as its own
 *   user) for 10 s, after a 2 s warm-up (the first request of each case is reported on its own, as the cold
 *   figure);
 * - "direct": the same service functions the routes call (the same SQL in the same user-scoped
 *   transactions, with the ICP read, without HTTP, sessions, validation or credits), on a database handle of our
 *   own with the server's pool size, 32 calls in flight: warm (with the shared-data cache the routes keep,
 *   after its first call) and cold (without a cache: every call runs every statement, as on a miss).
 * Two references under the same load show what any request costs on the machine: GET /api/health, and a
 * signed-in GET /api/v1/credits (one user-scoped read). Then a CSV import of 100,000 rows through the API,
 * in rows per second from upload to "succeeded".
 *
 * The server is bundled from the current sources (as `npm run build` bundles it) into node_modules/.cache,
 * so the benchmark measures the code as it is without rebuilding dist/ under a server that may be using it.
 *
 * `npm run bench -- company-search`. BENCH_ONLY=postgres or BENCH_ONLY=pglite runs one backend;
 * BENCH_REUSE_DB=<name> uses an existing PostgreSQL database that already holds the synthetic companies
 * (and keeps it), to iterate on the queries without loading a million rows each time.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import pg from 'pg';
import type { Caller } from '../src/server/context.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { writeSyntheticCompanies } from '../src/server/features/companies/data/write-synthetic-companies.ts';
import {
  type CompanyQuery,
  companyFacets,
  createSharedCache,
  type SharedCache,
  searchCompanies,
} from '../src/server/features/companies/search.ts';
import { type Figure, freePort, ROOT, report, startProcess, stop, waitFor200 } from './lib.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 32;
const DURATION_S = 10;
const WARMUP_S = 2;
const IMPORT_ROWS = 100_000;
const IMPORT_TARGET = 20_000;
const COUNTS: Record<Backend, number> = { PostgreSQL: 1_000_000, PGlite: 100_000 };
const SERVER_BUNDLE = join(ROOT, 'node_modules/.cache/prospector-bench/server/main.js');

type Backend = 'PostgreSQL' | 'PGlite';

/** One case: the request the API gets, and the query the routes build from it (the validated values). */
type Case = {
  id: string;
  label: string;
  path: string;
  kind: 'search' | 'facets';
  query: CompanyQuery;
  /** p95 target in ms. */
  target: number;
};

const baseQuery: CompanyQuery = {
  industries: [],
  sizes: [],
  countries: [],
  regions: [],
  cities: [],
  sources: [],
  savedOnly: false,
  sort: 'relevance',
  limit: 25,
};

/** A word of many synthetic names ("Harbor Keller Logistics", "Harborview Labs"): 1.4 % of the rows match. */
const TEXT = 'harbor';

const cases = (): Case[] => [
  {
    id: 'a',
    label: `text q=${TEXT}`,
    path: `/api/v1/companies?q=${TEXT}`,
    kind: 'search',
    query: { ...baseQuery, q: TEXT },
    target: 50,
  },
  {
    id: 'b',
    label: 'industry+size+country',
    path: '/api/v1/companies?industry=Software&size=11-50&country=United%20States',
    kind: 'search',
    query: { ...baseQuery, industries: ['Software'], sizes: ['11-50'], countries: ['United States'] },
    target: 50,
  },
  {
    id: 'c',
    label: 'facets, industry=Software',
    path: '/api/v1/companies/facets?industry=Software',
    kind: 'facets',
    query: { ...baseQuery, industries: ['Software'] },
    target: 150,
  },
  {
    id: 'd',
    label: 'page 50, sort=name',
    path: '/api/v1/companies?sort=name&limit=25',
    kind: 'search',
    query: { ...baseQuery, sort: 'name' },
    target: 50,
  },
];

type Stats = { p50: number; p95: number; rps: number; requests: number; failures: number; detail?: string };

const round1 = (n: number) => Math.round(n * 10) / 10;

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
 * autocannon against one URL, each connection signed in as its own user (32 sellers searching at once, not
 * one seller sending 32 searches at a time); latencies from its per-response event (its summary has no p95).
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
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    ...stats(latencies, result.duration, failures),
    detail: `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; max ${result.latency.max} ms`,
  };
}

/** `work` with CONNECTIONS calls always in flight, for `seconds`. */
async function inFlight(work: () => Promise<unknown>, seconds: number): Promise<Stats> {
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

async function bundleServer(): Promise<void> {
  mkdirSync(join(SERVER_BUNDLE, '..'), { recursive: true });
  // The options scripts/build.ts bundles dist/server/main.js with.
  await build({
    entryPoints: [join(ROOT, 'src/server/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

/** Starts the production server on the given database, runs `work` against it, and stops it. */
async function withServer<T>(env: Record<string, string>, work: (base: string) => Promise<T>): Promise<T> {
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
    await waitFor200(`${base}/api/health`, performance.now(), 120_000).catch((err) => {
      throw new Error(`${(err as Error).message}\n${log}`);
    });
    return await work(base);
  } finally {
    await stop(server);
  }
}

type Session = { base: string; cookie: string; caller: Caller };

async function signUp(base: string, email: string, address: string): Promise<Session> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: 'bench-violet-harbor-42', name: 'Search Bench' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { user } = (await response.json()) as { user: { id: string; email: string; name: string } };
  return { base, cookie, caller: { id: user.id, email: user.email, name: user.name, emailVerified: false } };
}

/** One signed-in seller per connection. */
const signUpSearchers = (base: string) =>
  Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      signUp(base, `searcher-${i}-${process.pid}@example.com`, `10.7.1.${i + 1}`),
    ),
  );

async function get<T>(session: Session, path: string): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const response = await fetch(`${session.base}${path}`, { headers: { cookie: session.cookie } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`);
  return { ms, body: JSON.parse(text) as T };
}

type SearchPage = {
  companies: { id: string }[];
  nextCursor: string | null;
  filterValidation: { validFilters: Record<string, string[]>; invalidFilters: string[] };
};

/** Follows the cursors of a search to the given page and returns that page's path. */
async function pagePath(session: Session, path: string, page: number): Promise<string> {
  let cursor: string | null = null;
  for (let i = 1; i < page; i++) {
    const url: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;
    const { body } = await get<SearchPage>(session, url);
    cursor = body.nextCursor;
    if (!cursor) throw new Error(`${path} has fewer than ${page} pages`);
  }
  return `${path}&cursor=${encodeURIComponent(cursor ?? '')}`;
}

const REFERENCES = [
  ['GET /api/health', '/api/health'],
  ['GET /api/v1/credits (signed in)', '/api/v1/credits'],
] as const;

type Reference = { label: string; api: Stats };

type CaseResult = { c: Case; first: number; api: Stats; warm: Stats | null; cold: Stats | null };

const serviceCall = (db: Database, caller: Caller, c: Case, cache?: SharedCache) =>
  c.kind === 'search'
    ? () => searchCompanies(db.db, caller, c.query, cache)
    : () => companyFacets(db.db, caller, c.query, cache);

/** Warm (a cache of its own, filled by the first call) and cold (no cache) direct runs of one case. */
async function directRuns(db: Database, caller: Caller, c: Case): Promise<{ warm: Stats; cold: Stats }> {
  const warmCall = serviceCall(db, caller, c, createSharedCache());
  await inFlight(warmCall, 1);
  const warm = await inFlight(warmCall, DURATION_S);
  const cold = await inFlight(serviceCall(db, caller, c), DURATION_S);
  return { warm, cold };
}

const describe = (s: Stats | null) => (s ? `p50 ${s.p50} p95 ${s.p95} ms ${s.rps}/s` : '-');

/** The API runs of every case; with `direct`, the direct runs of each right after its API run. */
async function runCases(
  backend: Backend,
  sessions: Session[],
  direct: Database | null,
): Promise<{ firstRequest: number; references: Reference[]; results: CaseResult[] }> {
  const session = sessions[0] as Session;
  // The very first company request after start (the routes read the filter vocabulary as they start).
  const firstRequest = (await get<SearchPage>(session, '/api/v1/companies?q=blue%20harbor')).ms;
  // What any request costs on this machine: the health check, and one signed-in read of a single row.
  const references: Reference[] = [];
  for (const [label, path] of REFERENCES) {
    await hammer(`${session.base}${path}`, sessions, WARMUP_S);
    const api = await hammer(`${session.base}${path}`, sessions, DURATION_S);
    console.log(`  ${backend} reference ${label}: API ${describe(api)}`);
    references.push({ label, api });
  }
  const results: CaseResult[] = [];
  for (const c of cases()) {
    if (c.id === 'd') {
      c.path = await pagePath(session, c.path, 50);
      c.query.cursor = new URL(c.path, session.base).searchParams.get('cursor') ?? undefined;
    }
    const first = await get<SearchPage>(session, c.path);
    if (c.kind === 'search') {
      const { invalidFilters } = first.body.filterValidation;
      if (invalidFilters.length) throw new Error(`${c.path}: invalid filters ${invalidFilters.join(', ')}`);
      if (first.body.companies.length === 0) throw new Error(`${c.path} found nothing`);
    }
    await hammer(`${session.base}${c.path}`, sessions, WARMUP_S);
    const api = await hammer(`${session.base}${c.path}`, sessions, DURATION_S);
    const { warm, cold } = direct ? await directRuns(direct, session.caller, c) : { warm: null, cold: null };
    console.log(
      `  ${backend} (${c.id}) ${c.label}: first ${Math.round(first.ms)} ms; API ${describe(api)}; ` +
        `direct warm ${describe(warm)}; direct cold ${describe(cold)}`,
    );
    results.push({ c, first: first.ms, api, warm, cold });
  }
  return { firstRequest, references, results };
}

/** A CSV of short rows: unique names and domains, real industry and country names. */
function importCsv(rows: number): string {
  const industries = ['Software', 'Retail', 'Healthcare', 'Construction', 'Fintech', 'Logistics'];
  const countries = ['Germany', 'France', 'United States', 'Japan', 'Brazil', 'India'];
  const cities = ['Berlin', 'Paris', 'Austin', 'Osaka', 'Recife', 'Pune'];
  const lines = ['name,domain,industry,employees,country,city'];
  for (let i = 0; i < rows; i++) {
    const k = i % 6;
    lines.push(`Acct ${i},a${i}.io,${industries[k]},${(i % 900) + 1},${countries[k]},${cities[k]}`);
  }
  return `${lines.join('\n')}\n`;
}

type ImportView = { id: string; status: string; importedRows: number; jobId: string };
type JobView = { status: string; progress: number };
type ImportResult = {
  rowsPerSecond: number;
  seconds: number;
  /** Upload (the request: multipart, parse, store), row checks (the job until it starts writing), write. */
  phases: [number, number, number] | null;
} | null;

const importDetail = ({ seconds, phases }: NonNullable<ImportResult>) =>
  phases
    ? `${seconds} s: upload ${phases[0]} s, checks ${phases[1]} s, write ${phases[2]} s`
    : `${seconds} s from upload to done`;

/** Uploads the CSV as a new user (its rows are theirs, outside the searches) and waits for the job. */
async function importRun(backend: Backend, base: string): Promise<ImportResult> {
  try {
    const session = await signUp(base, `importer-${process.pid}@example.com`, '10.7.0.2');
    const csv = importCsv(IMPORT_ROWS);
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'accounts.csv');
    const mapping = { name: 'name', domain: 'domain', industry: 'industry', employees: 'employees' };
    form.set('mapping', JSON.stringify({ ...mapping, country: 'country', city: 'city' }));
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/companies/imports`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin: base },
      body: form,
    });
    if (response.status !== 202) throw new Error(`${response.status} ${await response.text()}`);
    const uploaded = performance.now();
    const { id, jobId } = (await response.json()) as ImportView;
    // The job says 'Writing' (30 %) once every row is checked; then one COPY transaction.
    let checked = 0;
    for (;;) {
      const { body: job } = await get<JobView>(session, `/api/v1/jobs/${jobId}`);
      if (!checked && (job.progress >= 30 || job.status !== 'running')) checked = performance.now();
      if (job.status === 'failed') throw new Error(JSON.stringify(job));
      if (job.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const done = performance.now();
    const { body } = await get<ImportView>(session, `/api/v1/companies/imports/${id}`);
    if (body.status !== 'succeeded' || body.importedRows !== IMPORT_ROWS) {
      throw new Error(`import ${body.status}: ${body.importedRows} rows`);
    }
    const seconds = (done - started) / 1000;
    const s1 = (n: number) => round1(n / 1000);
    const result = {
      rowsPerSecond: Math.round(IMPORT_ROWS / seconds),
      seconds: round1(seconds),
      // PGlite answers nothing else while the job holds its one connection: the phases cannot be seen.
      phases:
        backend === 'PGlite'
          ? null
          : ([s1(uploaded - started), s1(checked - uploaded), s1(done - checked)] as [
              number,
              number,
              number,
            ]),
    };
    console.log(`  ${backend} import: ${result.rowsPerSecond} rows/s (${importDetail(result)})`);
    return result;
  } catch (err) {
    console.warn(`  ${backend} import failed: ${(err as Error).message}`);
    return null;
  }
}

type Run = { firstRequest: number; references: Reference[]; results: CaseResult[]; imported: ImportResult };

const ratio = (api: Stats, direct: Stats) => Math.round((api.p95 / direct.p95) * 100) / 100;

function figuresOf(backend: Backend, run: Run): Figure[] {
  const gated = backend === 'PostgreSQL';
  const figures: Figure[] = [
    {
      name: `${backend}: first company request after start (cold)`,
      value: Math.round(run.firstRequest),
      unit: 'ms',
      target: 'info',
      ok: true,
    },
  ];
  for (const { label, api } of run.references) {
    figures.push({
      name: `${backend} reference, ${label}: API p50 / p95`,
      value: api.p50,
      unit: `/ ${api.p95} ms, ${api.rps} req/s`,
      target: 'info',
      ok: true,
    });
  }
  for (const { c, first, api, warm, cold } of run.results) {
    const label = `${backend} (${c.id}) ${c.label}`;
    figures.push(
      { name: `${label}: first request`, value: Math.round(first), unit: 'ms', target: 'info', ok: true },
      {
        name: `${label}: API p50 / throughput`,
        value: api.p50,
        unit: `ms / ${api.rps} req/s`,
        target: 'info',
        ok: true,
      },
      {
        name: `${label}: API p95`,
        value: api.p95,
        unit: 'ms',
        target: gated ? `<= ${c.target} ms` : 'info',
        ok: !gated || api.p95 <= c.target,
      },
      {
        name: `${label}: API failed responses`,
        value: api.failures,
        unit: `of ${api.requests} (${api.detail})`,
        target: '0',
        ok: api.failures === 0,
      },
    );
    if (warm) {
      figures.push(
        {
          name: `${label}: direct p50 / p95 (warm)`,
          value: warm.p50,
          unit: `/ ${warm.p95} ms, ${warm.rps} calls/s`,
          target: 'info',
          ok: true,
        },
        {
          name: `${label}: API p95 / direct p95 (warm)`,
          value: ratio(api, warm),
          unit: 'x',
          target: gated ? '<= 1.5 x' : 'info',
          ok: !gated || ratio(api, warm) <= 1.5,
        },
      );
    }
    if (cold) {
      figures.push({
        name: `${label}: direct p50 / p95 (cold, no cache)`,
        value: cold.p50,
        unit: `/ ${cold.p95} ms, ${cold.rps} calls/s`,
        target: 'info',
        ok: true,
      });
    }
    for (const [what, s] of [
      ['warm', warm],
      ['cold', cold],
    ] as const) {
      if (s?.failures) {
        figures.push({
          name: `${label}: direct failures (${what})`,
          value: s.failures,
          unit: '',
          target: '0',
          ok: false,
        });
      }
    }
  }
  const imported = run.imported;
  figures.push({
    name: `${backend}: CSV import, ${IMPORT_ROWS.toLocaleString('en')} rows`,
    value: imported?.rowsPerSecond ?? 0,
    unit: imported ? `rows/s (${importDetail(imported)})` : 'failed',
    target: gated ? `>= ${IMPORT_TARGET} rows/s` : `info (${IMPORT_TARGET}/s on PostgreSQL)`,
    ok: imported !== null && (!gated || imported.rowsPerSecond >= IMPORT_TARGET),
  });
  return figures;
}

/** The side-by-side table of one backend. */
function printTable(backend: Backend, { results, references }: Pick<Run, 'results' | 'references'>): void {
  console.log(
    `\n${backend}, ${COUNTS[backend].toLocaleString('en')} companies, ${CONNECTIONS} in flight, ${DURATION_S} s each` +
      ' (p50 / p95 ms, calls/s)',
  );
  const cell = (s: Stats | null) => (s ? `${s.p50} / ${s.p95}, ${s.rps}/s` : '-');
  const rows = [
    ['case', 'first', 'API', 'direct warm', 'API/direct p95', 'direct cold (no cache)', 'target p95'],
    ...results.map(({ c, first, api, warm, cold }) => [
      `(${c.id}) ${c.label}`,
      `${Math.round(first)} ms`,
      cell(api),
      cell(warm),
      warm ? `${ratio(api, warm)}x` : '-',
      cell(cold),
      `<= ${c.target} ms`,
    ]),
    ...references.map(({ label, api }) => [`(reference) ${label}`, '-', cell(api), '-', '-', '-', '-']),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((text, i) => text.padEnd(widths[i] ?? 0)).join('  '));
}

async function postgresRun(): Promise<Figure[]> {
  const reuse = process.env.BENCH_REUSE_DB;
  const name = reuse || `prospector_bench_search_${process.pid}`;
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
    if (reuse) {
      // An earlier run's import, kept with the database, would be someone's rows in the table.
      await database.db.execute(sql`delete from company_master where owner_id is not null`);
      await database.db.execute(sql`vacuum analyze company_master`);
    } else {
      // The generator ends with VACUUM ANALYZE (statistics and the visibility map, as autovacuum would).
      const count = COUNTS.PostgreSQL;
      console.log(`  PostgreSQL: writing ${count.toLocaleString('en')} synthetic companies…`);
      const written = await writeSyntheticCompanies(database, { count, seed: 42 });
      console.log(`  PostgreSQL: written in ${Math.round(written.ms / 1000)} s`);
    }
    const db = database;
    const run = await withServer({ DATABASE_URL: url.toString() }, async (base) => {
      const cased = await runCases('PostgreSQL', await signUpSearchers(base), db);
      // Last: the imported rows are the importer's, outside the searches above.
      return { ...cased, imported: await importRun('PostgreSQL', base) };
    });
    printTable('PostgreSQL', run);
    return figuresOf('PostgreSQL', run);
  } finally {
    await database?.close();
    if (!reuse) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function pgliteRun(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-bench-search-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const database = await openDatabase({ mode: 'pglite', dataDir });
    try {
      await database.migrate();
      const count = COUNTS.PGlite;
      console.log(`  PGlite: writing ${count.toLocaleString('en')} synthetic companies…`);
      const written = await writeSyntheticCompanies(database, { count, seed: 42 });
      console.log(`  PGlite: written in ${Math.round(written.ms / 1000)} s`);
    } finally {
      await database.close();
    }
    const { session, ...cased } = await withServer(env, async (base) => {
      const sessions = await signUpSearchers(base);
      return { session: sessions[0] as Session, ...(await runCases('PGlite', sessions, null)) };
    });
    // PGlite is one process's database: the direct calls open it once the server has stopped.
    const direct = await openDatabase({ mode: 'pglite', dataDir });
    try {
      for (const r of cased.results) {
        Object.assign(r, await directRuns(direct, session.caller, r.c));
        console.log(`  PGlite (${r.c.id}) direct warm ${describe(r.warm)}; direct cold ${describe(r.cold)}`);
      }
    } finally {
      await direct.close();
    }
    const imported = await withServer(env, (base) => importRun('PGlite', base));
    const run = { ...cased, imported };
    printTable('PGlite', run);
    return figuresOf('PGlite', run);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchCompanySearch(): Promise<Figure[]> {
  await bundleServer();
  const only = process.env.BENCH_ONLY?.toLowerCase();
  const figures = [
    ...(only === 'pglite' ? [] : await postgresRun()),
    ...(only === 'postgres' ? [] : await pgliteRun()),
  ];
  report('company-search', figures, {
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    text: TEXT,
    importRows: IMPORT_ROWS,
  });
  return figures;
}

if (process.argv[1]?.endsWith('company-search.ts')) {
  await benchCompanySearch();
}
