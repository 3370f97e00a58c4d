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
 *   after its first call) and cold (without a cache: every call runs every statement, as on a miss); for the
 *   paid searches (a, b) also warm with the charge in the statement, as the API runs it (Charger.along):
 *   the same SQL as the API's, for information beside the gated ratio over the search alone.
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
import { sql } from 'drizzle-orm';
import type { Caller } from '../src/server/context.ts';
import type { Database } from '../src/server/db/client.ts';
import {
  type CompanyQuery,
  companyFacets,
  createSharedCache,
  type SharedCache,
  searchCompanies,
} from '../src/server/features/companies/search.ts';
import type { PayForRead } from '../src/server/features/credits/charger.ts';
import { chargeAlong } from '../src/server/features/credits/service.ts';
import { type Figure, report } from './lib.ts';
import {
  apiFigures,
  apiRun,
  type Backend,
  CONNECTIONS,
  cell,
  DURATION_S,
  describe,
  directFailures,
  directFigure,
  get,
  inFlight,
  type Opening,
  openingFigures,
  openingRuns,
  printRows,
  ratioCell,
  ratioFigure,
  round1,
  runBackends,
  type Case as SearchCase,
  type Session,
  type Stats,
  signUp,
  signUpSearchers,
  withPglite,
  withPgliteDir,
  withPostgres,
  withServer,
  writeCompanies,
} from './search-lib.ts';

const IMPORT_ROWS = 100_000;
const IMPORT_TARGET = 20_000;
const COUNTS: Record<Backend, number> = { PostgreSQL: 1_000_000, PGlite: 100_000 };
/** The users this benchmark signs up. */
const NAME = 'Search Bench';
const SEARCHERS = { emailPrefix: '', network: '10.7.1', name: NAME };

type Case = SearchCase<CompanyQuery>;

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

type CaseResult = {
  c: Case;
  first: number;
  api: Stats;
  warm: Stats | null;
  cold: Stats | null;
  paid: Stats | null;
};

/** A first page of a search is paid for: the API's statement charges for it (Charger.along). */
const isPaid = (c: Case) => c.kind === 'search' && !c.query.cursor;

const serviceCall = (db: Database, caller: Caller, c: Case, cache?: SharedCache, pay?: PayForRead) =>
  c.kind === 'search'
    ? () => searchCompanies(db.db, caller, c.query, cache, pay)
    : () => companyFacets(db.db, caller, c.query, cache);

/**
 * Warm (a cache of its own, filled by the first call) and cold (no cache) direct runs of one case; for a paid
 * search also warm with the charge in the statement, as the API runs it (the same SQL, without HTTP).
 */
async function directRuns(
  db: Database,
  caller: Caller,
  c: Case,
): Promise<{ warm: Stats; cold: Stats; paid: Stats | null }> {
  const cache = createSharedCache();
  const warmCall = serviceCall(db, caller, c, cache);
  await inFlight(warmCall, 1);
  const warm = await inFlight(warmCall, DURATION_S);
  const cold = await inFlight(serviceCall(db, caller, c), DURATION_S);
  const pay: PayForRead = (read) =>
    chargeAlong(db.db, caller, 'company_search', read, {
      run: { agentId: 'alex', inputSummary: 'benchmark', durationMs: 0 },
    });
  const paid = isPaid(c) ? await inFlight(serviceCall(db, caller, c, cache, pay), DURATION_S) : null;
  return { warm, cold, paid };
}

/** The API runs of every case; with `direct`, the direct runs of each right after its API run. */
async function runCases(
  backend: Backend,
  sessions: Session[],
  direct: Database | null,
): Promise<Opening & { results: CaseResult[] }> {
  const session = sessions[0] as Session;
  const opening = await openingRuns(backend, sessions, '/api/v1/companies?q=blue%20harbor');
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
    const api = await apiRun(c.path, sessions);
    const { warm, cold, paid } = direct
      ? await directRuns(direct, session.caller, c)
      : { warm: null, cold: null, paid: null };
    console.log(
      `  ${backend} (${c.id}) ${c.label}: first ${Math.round(first.ms)} ms; API ${describe(api)}; ` +
        `direct warm ${describe(warm)}; direct cold ${describe(cold)}`,
    );
    results.push({ c, first: first.ms, api, warm, cold, paid });
  }
  return { ...opening, results };
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
    const session = await signUp(base, `importer-${process.pid}@example.com`, '10.7.0.2', NAME);
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

type Run = Opening & { results: CaseResult[]; imported: ImportResult };

function figuresOf(backend: Backend, run: Run): Figure[] {
  const gated = backend === 'PostgreSQL';
  const figures = openingFigures(backend, 'company', run);
  for (const { c, first, api, warm, cold, paid } of run.results) {
    const label = `${backend} (${c.id}) ${c.label}`;
    figures.push(...apiFigures(label, first, api, c.target, gated));
    if (warm) {
      figures.push(
        directFigure(`${label}: direct p50 / p95 (warm)`, warm),
        ratioFigure(`${label}: API p95 / direct p95 (warm)`, api, warm, gated ? 1.5 : null),
      );
    }
    if (paid) {
      figures.push(
        directFigure(`${label}: direct p50 / p95 (warm, with the charge in the statement)`, paid),
        ratioFigure(`${label}: API p95 / direct p95 (warm, with the charge)`, api, paid, null),
      );
    }
    if (cold) figures.push(directFigure(`${label}: direct p50 / p95 (cold, no cache)`, cold));
    figures.push(
      ...directFailures(`${label}: direct failures (warm)`, warm),
      ...directFailures(`${label}: direct failures (cold)`, cold),
      ...directFailures(`${label}: direct failures (with the charge)`, paid),
    );
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
  printRows([
    ['case', 'first', 'API', 'direct warm', 'API/direct p95', 'direct cold (no cache)', 'target p95'],
    ...results.map(({ c, first, api, warm, cold }) => [
      `(${c.id}) ${c.label}`,
      `${Math.round(first)} ms`,
      cell(api),
      cell(warm),
      ratioCell(api, warm),
      cell(cold),
      `<= ${c.target} ms`,
    ]),
    ...references.map(({ label, api }) => [`(reference) ${label}`, '-', cell(api), '-', '-', '-', '-']),
  ]);
}

async function postgresRun(): Promise<Figure[]> {
  return withPostgres(`prospector_bench_search_${process.pid}`, async ({ database, url, reused }) => {
    if (reused) {
      // An earlier run's import, kept with the database, would be someone's rows in the table.
      await database.db.execute(sql`delete from company_master where owner_id is not null`);
      await database.db.execute(sql`vacuum analyze company_master`);
    } else {
      // The generator ends with VACUUM ANALYZE (statistics and the visibility map, as autovacuum would).
      await writeCompanies('PostgreSQL', database, COUNTS.PostgreSQL);
    }
    const run = await withServer({ DATABASE_URL: url }, async (base) => {
      const cased = await runCases('PostgreSQL', await signUpSearchers(base, SEARCHERS), database);
      // Last: the imported rows are the importer's, outside the searches above.
      return { ...cased, imported: await importRun('PostgreSQL', base) };
    });
    printTable('PostgreSQL', run);
    return figuresOf('PostgreSQL', run);
  });
}

async function pgliteRun(): Promise<Figure[]> {
  return withPgliteDir('prospector-bench-search-', async (dataDir, env) => {
    await withPglite(dataDir, async (database) => {
      await database.migrate();
      await writeCompanies('PGlite', database, COUNTS.PGlite);
    });
    const { session, ...cased } = await withServer(env, async (base) => {
      const sessions = await signUpSearchers(base, SEARCHERS);
      return { session: sessions[0] as Session, ...(await runCases('PGlite', sessions, null)) };
    });
    // The direct calls open the database once the server has stopped.
    await withPglite(dataDir, async (direct) => {
      for (const r of cased.results) {
        Object.assign(r, await directRuns(direct, session.caller, r.c));
        console.log(`  PGlite (${r.c.id}) direct warm ${describe(r.warm)}; direct cold ${describe(r.cold)}`);
      }
    });
    const imported = await withServer(env, (base) => importRun('PGlite', base));
    const run = { ...cased, imported };
    printTable('PGlite', run);
    return figuresOf('PGlite', run);
  });
}

export async function benchCompanySearch(): Promise<Figure[]> {
  const figures = await runBackends(postgresRun, pgliteRun);
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
