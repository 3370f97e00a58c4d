/**
 * People search benchmark (issue 6, "Speed"): 5,000,000 synthetic contacts at 1,000,000 synthetic companies in
 * PostgreSQL (and 500,000 at 100,000 in PGlite, for information: PGlite is the one-user demo database, and
 * generating millions of contacts in it would take most of the run). Four cases: (a) a title with two
 * company filters, (b) a title alone, (d) a title at one company (by its name), (c) the facet counts under
 * the filters of (a). Each is measured
 * - through the HTTP API of the production server with autocannon, 32 connections (each signed in as its own
 *   user) for 10 s, after a 2 s warm-up (the first request of each case is reported on its own);
 * - "direct": the service functions the routes call (searchPeople, peopleFacets) with the query the route
 *   builds from the request (checked against what the API says its filters became), on a database handle of
 *   our own with the server's pool size, 32 calls in flight, without HTTP, sessions, validation or credits.
 * Two references under the same load show what any request costs on the machine: GET /api/health, and a
 * signed-in GET /api/v1/credits (one user-scoped read).
 * Then the e-mail finder in bulk: 10,000 synthetic people at companies with a domain, enriched through
 * POST /api/v1/people/enrichments, in lookups per second from the POST to the job's "succeeded" (the median of
 * three runs, each as a new user); and the pure pattern finder (findEmail) on the same people in the process,
 * as a reference.
 *
 * The server is bundled from the current sources (as `npm run build` bundles it) into node_modules/.cache,
 * so the benchmark measures the code as it is without rebuilding dist/ under a server that may be using it.
 *
 * `npm run bench -- people-search`. BENCH_ONLY=postgres or BENCH_ONLY=pglite runs one backend;
 * BENCH_REUSE_DB=<name> uses an existing PostgreSQL database that already holds the synthetic companies and
 * contacts (and keeps it), for instance one made by
 * `DATABASE_URL=postgres://…/<name> npm run data:generate -- --companies 1000000 --contacts 5000000`.
 */
import { sql } from 'drizzle-orm';
import type { Caller } from '../src/server/context.ts';
import { type Database, queryRows } from '../src/server/db/client.ts';
import { loadCompanyData } from '../src/server/features/companies/data/load-company-data.ts';
import { createSharedCache, type SharedCache } from '../src/server/features/companies/search.ts';
import { loadContactSample, loadPeopleData } from '../src/server/features/people/data/load-people-data.ts';
import { writeSyntheticContacts } from '../src/server/features/people/data/write-synthetic-contacts.ts';
import { findEmail, type KnownAddress } from '../src/server/features/people/email-patterns.ts';
import { type PeopleQuery, peopleFacets, searchPeople } from '../src/server/features/people/search.ts';
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
  runBackends,
  type Case as SearchCase,
  type Session,
  type Stats,
  signUp,
  signUpSearchers,
  WARMUP_S,
  withPglite,
  withPgliteDir,
  withPostgres,
  withServer,
  writeCompanies,
} from './search-lib.ts';

const SEARCH_TARGET_MS = 80;
/** People per bulk enrichment (the endpoint's maximum) and the lookups per second it must reach. */
const ENRICH_IDS = 10_000;
const ENRICH_TARGET = 2_000;
const ENRICH_RUNS = 3;
/** Addresses at the company the finder learns from (finders.ts reads as many). */
const KNOWN_ADDRESSES = 200;
const COUNTS: Record<Backend, { companies: number; contacts: number }> = {
  PostgreSQL: { companies: 1_000_000, contacts: 5_000_000 },
  PGlite: { companies: 100_000, contacts: 500_000 },
};
/** Every user this benchmark signs up has an address like this, so a reused database can be cleaned. */
const USER_PREFIX = 'people-bench-';
const NAME = 'People Bench';
const SEARCHERS = { emailPrefix: USER_PREFIX, network: '10.7.2', name: NAME };

type Case = SearchCase<PeopleQuery>;

const baseQuery: PeopleQuery = {
  seniorities: [],
  departments: [],
  companies: [],
  industries: [],
  sizes: [],
  companyCountries: [],
  companyRegions: [],
  companyCities: [],
  countries: [],
  regions: [],
  cities: [],
  sources: [],
  savedOnly: false,
  sort: 'relevance',
  limit: 25,
};

/**
 * A seller's search: "VP Sales" (normalised to vice & president & sales, so "V.P. of Sales" and "Vice
 * President, Sales" match) at software companies of 51-200 people, in the words a user types ("software").
 */
const FILTERED = 'title=vp%20sales&industry=software&size=51-200';
const filteredQuery: PeopleQuery = {
  ...baseQuery,
  title: 'vp sales',
  industries: ['Software'],
  sizes: ['51-200'],
};

const cases = (): Case[] => [
  {
    id: 'a',
    label: 'title "vp sales" + industry + size',
    path: `/api/v1/people?${FILTERED}`,
    kind: 'search',
    query: filteredQuery,
    target: SEARCH_TARGET_MS,
  },
  {
    id: 'b',
    label: 'title "cto"',
    path: '/api/v1/people?title=cto',
    kind: 'search',
    query: { ...baseQuery, title: 'cto' },
    target: SEARCH_TARGET_MS,
  },
  {
    // The issue's "title + company": a seller looking for one role at one account (by the account's name,
    // as the copilot hands it over; this name is shared by several synthetic companies).
    id: 'd',
    label: 'title "cto" + company',
    path: '/api/v1/people?title=cto&company=Hughes%20%26%20Bennett%20Group',
    kind: 'search',
    query: { ...baseQuery, title: 'cto', companies: ['Hughes & Bennett Group'] },
    target: SEARCH_TARGET_MS,
  },
  {
    id: 'c',
    label: 'facets, filters of (a)',
    path: `/api/v1/people/facets?${FILTERED}`,
    kind: 'facets',
    query: filteredQuery,
    target: SEARCH_TARGET_MS,
  },
];

type SearchPage = {
  people: { id: string }[];
  nextCursor: string | null;
  filterValidation: { validFilters: Record<string, string[]>; invalidFilters: string[] };
};

const sameValues = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** The direct calls must get the query the route builds: the API says what the user's filters became. */
function checkQuery(c: Case, page: SearchPage): void {
  const { validFilters, invalidFilters } = page.filterValidation;
  if (invalidFilters.length) throw new Error(`${c.path}: invalid filters ${invalidFilters.join(', ')}`);
  const expected: [string, readonly string[], readonly string[] | undefined][] = [
    ['industries', c.query.industries, validFilters.industries],
    ['sizes', c.query.sizes, validFilters.companySizes],
    ['countries', c.query.companyCountries, validFilters.countries],
  ];
  for (const [what, ours, theirs] of expected) {
    if (!sameValues(ours, theirs)) {
      throw new Error(
        `${c.path}: the route searches ${what} ${JSON.stringify(theirs)}, not ${ours.join(', ')}`,
      );
    }
  }
}

type CaseResult = { c: Case; first: number; found: number; api: Stats; direct: Stats | null };

const serviceCall = (db: Database, caller: Caller, c: Case, cache: SharedCache) =>
  c.kind === 'search'
    ? () => searchPeople(db.db, caller, c.query)
    : () => peopleFacets(db.db, caller, c.query, cache);

/**
 * The direct run of one case, after a short warm-up (as the API runs have), with a cache of the shared facet
 * counts of its own, as the route keeps one.
 */
async function directRun(db: Database, caller: Caller, c: Case): Promise<Stats> {
  const call = serviceCall(db, caller, c, createSharedCache());
  await inFlight(call, WARMUP_S);
  return inFlight(call, DURATION_S);
}

/** The API runs of every case; with `direct`, the direct run of each right after its API run. */
async function runCases(
  backend: Backend,
  sessions: Session[],
  direct: Database | null,
): Promise<Opening & { results: CaseResult[] }> {
  const session = sessions[0] as Session;
  const opening = await openingRuns(backend, sessions, '/api/v1/people?title=head%20of%20marketing');
  const results: CaseResult[] = [];
  for (const c of cases()) {
    const first = await get<SearchPage | Record<string, { count: number }[]>>(session, c.path);
    let found: number;
    if (c.kind === 'search') {
      const page = first.body as SearchPage;
      checkQuery(c, page);
      found = page.people.length;
    } else {
      const facets = first.body as Record<string, { count: number }[]>;
      found = (facets.seniority ?? []).reduce((sum, { count }) => sum + count, 0);
    }
    if (found === 0) throw new Error(`${c.path} found nothing`);
    const api = await apiRun(c.path, sessions);
    const directStats = direct ? await directRun(direct, session.caller, c) : null;
    console.log(
      `  ${backend} (${c.id}) ${c.label}: first ${Math.round(first.ms)} ms (${found} ${c.kind === 'search' ? 'on the page' : 'people counted'}); ` +
        `API ${describe(api)}; direct ${describe(directStats)}`,
    );
    results.push({ c, first: first.ms, found, api, direct: directStats });
  }
  return { ...opening, results };
}

// ---------------------------------------------------------------------------------------------------------
// The e-mail finder
// ---------------------------------------------------------------------------------------------------------

/**
 * ENRICH_IDS synthetic people at companies with a domain, spread over the whole table: a sample of rows (the
 * same on every run of a database), not the first ones. Fewer when the table has too few such people.
 */
async function pickPeople(database: Database, contacts: number): Promise<string[]> {
  const percent = Math.min(100, Math.ceil((100 * 3 * ENRICH_IDS) / Math.max(contacts, 1)));
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`select p.id from company_contacts p tablesample bernoulli (${sql.raw(String(percent))}) repeatable (7)
      join company_master m on m.id = p.company_id
      where p.owner_id is null and p.source = 'synthetic' and m.domain is not null
      order by p.id limit ${ENRICH_IDS}`,
  );
  return rows.map((row) => row.id);
}

type JobView = { status: string; progress: number; result?: unknown; error?: string | null };

type EnrichmentResult =
  | {
      ok: true;
      ids: number;
      seconds: number;
      lookupsPerSecond: number;
      processed: number;
      emailsFound: number;
      /** Lookups per second of each run, when there were several (the figure is their median). */
      runs: number[];
    }
  | { ok: false; missing: boolean; detail: string };

/**
 * Bulk enrichment through the API as a new user with plenty of credits (so nothing was found before and
 * every run does the same work): from the POST to the job's "succeeded", polled every 25 ms.
 */
async function enrichmentRun(
  backend: Backend,
  base: string,
  database: Database | null,
  ids: string[],
  run: number,
): Promise<EnrichmentResult> {
  try {
    const session = await signUp(
      base,
      `${USER_PREFIX}enricher-${run}-${process.pid}@example.com`,
      `10.7.2.${200 + run}`,
      NAME,
    );
    // The credit account is made on first use; then enough credits for every lookup, whatever
    // DEFAULT_CREDITS gives. PGlite is the server's alone while it runs: there DEFAULT_CREDITS does it.
    await get(session, '/api/v1/credits');
    if (database) {
      const updated = await queryRows<{ userId: string }>(
        database.db,
        sql`update user_credits set total_credits = 1000000000, used_credits = 0
          where user_id = ${session.caller.id}::uuid returning user_id as "userId"`,
      );
      if (updated.length !== 1) throw new Error('no credit account after GET /api/v1/credits');
    }
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/people/enrichments`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ ids, email: true, phone: false }),
    });
    const text = await response.text();
    if (response.status === 404 && !text.includes('"jobId"')) {
      return {
        ok: false,
        missing: true,
        detail: `POST /api/v1/people/enrichments: 404 ${text.slice(0, 200)}`,
      };
    }
    if (response.status !== 202)
      throw new Error(`POST /api/v1/people/enrichments: ${response.status} ${text}`);
    const { jobId } = JSON.parse(text) as { jobId: string };
    let job: JobView;
    for (;;) {
      job = (await get<JobView>(session, `/api/v1/jobs/${jobId}`)).body;
      if (job.status === 'failed') throw new Error(`job failed: ${JSON.stringify(job)}`);
      if (job.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const seconds = (performance.now() - started) / 1000;
    const result = (job.result ?? {}) as { processed?: number; emailsFound?: number };
    if (result.processed !== ids.length) {
      throw new Error(
        `the job looked at ${result.processed} of ${ids.length} people: ${JSON.stringify(job)}`,
      );
    }
    const done = {
      ok: true as const,
      ids: ids.length,
      seconds: Math.round(seconds * 100) / 100,
      lookupsPerSecond: Math.round(ids.length / seconds),
      processed: result.processed,
      emailsFound: result.emailsFound ?? 0,
      runs: [],
    };
    console.log(
      `  ${backend} bulk e-mail finder: ${done.lookupsPerSecond} lookups/s (${done.ids} people in ${done.seconds} s, ` +
        `${done.emailsFound} addresses)`,
    );
    return done;
  } catch (err) {
    console.warn(`  ${backend} bulk e-mail finder failed: ${(err as Error).message}`);
    return { ok: false, missing: false, detail: (err as Error).message.slice(0, 300) };
  }
}

/** ENRICH_RUNS runs one after the other (one job is a few seconds, so one run is at the mercy of noise). */
async function enrichmentRuns(
  backend: Backend,
  base: string,
  database: Database | null,
  ids: string[],
): Promise<EnrichmentResult> {
  const done: Extract<EnrichmentResult, { ok: true }>[] = [];
  for (let run = 0; run < ENRICH_RUNS; run++) {
    const result = await enrichmentRun(backend, base, database, ids, run);
    if (!result.ok) return result;
    done.push(result);
  }
  const sorted = [...done].sort((a, b) => a.lookupsPerSecond - b.lookupsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)] as Extract<EnrichmentResult, { ok: true }>;
  return { ...median, runs: done.map((r) => r.lookupsPerSecond) };
}

type PureResult = { lookupsPerSecond: number; people: number; found: number; passes: number };

/**
 * The pattern finder alone (findEmail, pure), on the same people with what finders.ts reads for each: the
 * names, the company's domain and up to KNOWN_ADDRESSES addresses held at the company. Read first, then
 * timed over as many passes as fit in 2 s.
 */
async function pureFinderRun(backend: Backend, database: Database, ids: string[]): Promise<PureResult> {
  const idList = `{${ids.join(',')}}`;
  const people = await queryRows<{ first: string; last: string; companyId: string; domain: string }>(
    database.db,
    sql`select p.first_name as first, p.last_name as last, p.company_id as "companyId", m.domain
      from company_contacts p join company_master m on m.id = p.company_id
      where p.id = any(${idList}::uuid[]) and m.domain is not null`,
  );
  const companies = `{${[...new Set(people.map((p) => p.companyId))].join(',')}}`;
  const held = await queryRows<KnownAddress & { companyId: string }>(
    database.db,
    sql`select c.id as "companyId", k.first, k.last, k.email from company_master c
      cross join lateral (select first_name as first, last_name as last, email from company_contacts
        where company_id = c.id and email is not null limit ${KNOWN_ADDRESSES}) k
      where c.id = any(${companies}::uuid[])`,
  );
  const known = new Map<string, KnownAddress[]>();
  for (const { companyId, ...address } of held) {
    const list = known.get(companyId) ?? [];
    list.push(address);
    known.set(companyId, list);
  }
  const inputs = people.map((p) => ({ person: p, domain: p.domain, known: known.get(p.companyId) ?? [] }));
  let found = 0;
  let passes = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    found = 0;
    for (const { person, domain, known } of inputs) if (findEmail(person, domain, known)) found++;
    passes++;
  }
  const seconds = (performance.now() - started) / 1000;
  const result = {
    lookupsPerSecond: Math.round((passes * inputs.length) / seconds),
    people: inputs.length,
    found,
    passes,
  };
  console.log(
    `  ${backend} pure findEmail: ${result.lookupsPerSecond.toLocaleString('en')} lookups/s ` +
      `(${result.people} people, ${result.found} addresses, ${passes} passes)`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------------------

type Run = Opening & {
  results: CaseResult[];
  enrichment: EnrichmentResult;
  pure: PureResult;
};

function figuresOf(backend: Backend, run: Run): Figure[] {
  const gated = backend === 'PostgreSQL';
  const figures = openingFigures(backend, 'people', run);
  for (const { c, first, api, direct } of run.results) {
    const label = `${backend} (${c.id}) ${c.label}`;
    figures.push(...apiFigures(label, first, api, c.target, gated));
    if (direct) {
      figures.push(
        directFigure(`${label}: direct p50 / p95`, direct),
        ratioFigure(`${label}: API p95 / direct p95`, api, direct, null),
        ...directFailures(`${label}: direct failures`, direct),
      );
    }
  }
  const { enrichment, pure } = run;
  figures.push(
    {
      name: `${backend}: bulk e-mail finder, ${ENRICH_IDS.toLocaleString('en')} people (API, POST to succeeded, ${ENRICH_RUNS} runs)`,
      value: enrichment.ok ? enrichment.lookupsPerSecond : 0,
      unit: enrichment.ok
        ? `lookups/s, median of ${enrichment.runs.join(', ')} (${enrichment.seconds} s, ${enrichment.emailsFound} addresses)`
        : enrichment.missing
          ? 'endpoint missing (404)'
          : `failed: ${enrichment.detail}`,
      target: gated ? `>= ${ENRICH_TARGET} lookups/s` : `info (${ENRICH_TARGET}/s on PostgreSQL)`,
      ok: enrichment.ok && (!gated || enrichment.lookupsPerSecond >= ENRICH_TARGET),
    },
    {
      name: `${backend}: findEmail alone, in process (same people)`,
      value: pure.lookupsPerSecond,
      unit: `lookups/s (${pure.people} people, ${pure.found} addresses)`,
      target: 'info',
      ok: true,
    },
  );
  return figures;
}

/** The side-by-side table of one backend. */
function printTable(backend: Backend, run: Run, counts = COUNTS[backend]): void {
  const { companies, contacts } = counts;
  console.log(
    `\n${backend}, ${contacts.toLocaleString('en')} contacts at ${companies.toLocaleString('en')} companies, ` +
      `${CONNECTIONS} in flight, ${DURATION_S} s each (p50 / p95 ms, calls/s)`,
  );
  printRows([
    ['case', 'first', 'API', 'direct', 'API/direct p95', 'target p95'],
    ...run.results.map(({ c, first, api, direct }) => [
      `(${c.id}) ${c.label}`,
      `${Math.round(first)} ms`,
      cell(api),
      cell(direct),
      ratioCell(api, direct),
      backend === 'PostgreSQL' ? `<= ${c.target} ms` : 'info',
    ]),
    ...run.references.map(({ label, api }) => [`(reference) ${label}`, '-', cell(api), '-', '-', '-']),
  ]);
  const { enrichment, pure } = run;
  console.log(
    `bulk e-mail finder (API): ${
      enrichment.ok
        ? `${enrichment.lookupsPerSecond} lookups/s, median of ${enrichment.runs.join(', ')} (${enrichment.ids} people in ${enrichment.seconds} s)`
        : enrichment.detail
    }; findEmail alone: ${pure.lookupsPerSecond} lookups/s; target >= ${ENRICH_TARGET} lookups/s`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------------------

/**
 * The data the server loads on its first start (the real companies, their founders, and the synthetic sample
 * for the real companies, which the server loads in the background), loaded before it starts, so that nothing
 * is written while we measure. Each step does nothing when its data is there.
 */
async function settle(database: Database): Promise<void> {
  await loadCompanyData(database);
  await loadPeopleData(database);
  await loadContactSample(database);
}

/** Synthetic companies, then contacts spread over them (as `npm run data:generate` writes them). */
async function generate(backend: Backend, database: Database): Promise<void> {
  const { companies, contacts } = COUNTS[backend];
  await writeCompanies(backend, database, companies);
  console.log(`  ${backend}: writing ${contacts.toLocaleString('en')} synthetic contacts…`);
  const wroteContacts = await writeSyntheticContacts(database, { count: contacts, seed: 42 });
  console.log(
    `  ${backend}: ${wroteContacts.written.toLocaleString('en')} written in ${Math.round(wroteContacts.ms / 1000)} s`,
  );
}

async function postgresRun(): Promise<Figure[]> {
  return withPostgres(`prospector_bench_people_${process.pid}`, async ({ database, url, name, reused }) => {
    let counts = COUNTS.PostgreSQL;
    if (reused) {
      // An earlier run's users (their credits, found addresses and jobs go with them).
      await database.db.execute(sql`delete from users where email like ${`${USER_PREFIX}%`}`);
      const [row] = await queryRows<{ companies: number; contacts: number }>(
        database.db,
        sql`select (select count(*)::int from company_master where owner_id is null) as companies,
          (select count(*)::int from company_contacts where owner_id is null) as contacts`,
      );
      if (!row?.contacts) throw new Error(`${name} holds no contacts: generate them first`);
      counts = row;
      console.log(
        `  PostgreSQL: reusing ${name}: ${row.contacts.toLocaleString('en')} contacts at ` +
          `${row.companies.toLocaleString('en')} companies`,
      );
    } else {
      await generate('PostgreSQL', database);
    }
    await settle(database);
    const ids = await pickPeople(database, counts.contacts);
    const run = await withServer({ DATABASE_URL: url }, async (base) => {
      const cased = await runCases('PostgreSQL', await signUpSearchers(base, SEARCHERS), database);
      const enrichment = await enrichmentRuns('PostgreSQL', base, database, ids);
      return { ...cased, enrichment };
    });
    const pure = await pureFinderRun('PostgreSQL', database, ids);
    const full = { ...run, pure };
    printTable('PostgreSQL', full, counts);
    return figuresOf('PostgreSQL', full);
  });
}

async function pgliteRun(): Promise<Figure[]> {
  return withPgliteDir('prospector-bench-people-', async (dataDir, env) => {
    const ids = await withPglite(dataDir, async (database) => {
      await database.migrate();
      await generate('PGlite', database);
      await settle(database);
      return pickPeople(database, COUNTS.PGlite.contacts);
    });
    const { session, ...run } = await withServer(env, async (base) => {
      const sessions = await signUpSearchers(base, SEARCHERS);
      const cased = await runCases('PGlite', sessions, null);
      const enrichment = await enrichmentRuns('PGlite', base, null, ids);
      return { session: sessions[0] as Session, ...cased, enrichment };
    });
    // The direct calls open the database once the server has stopped.
    const pure = await withPglite(dataDir, async (direct) => {
      for (const r of run.results) {
        r.direct = await directRun(direct, session.caller, r.c);
        console.log(`  PGlite (${r.c.id}) direct ${describe(r.direct)}`);
      }
      return pureFinderRun('PGlite', direct, ids);
    });
    const full = { ...run, pure };
    printTable('PGlite', full);
    return figuresOf('PGlite', full);
  });
}

export async function benchPeopleSearch(): Promise<Figure[]> {
  const figures = await runBackends(postgresRun, pgliteRun);
  report('people-search', figures, {
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    counts: COUNTS,
    cases: cases().map(({ id, label, path }) => ({ id, label, path })),
    enrichIds: ENRICH_IDS,
  });
  return figures;
}

if (process.argv[1]?.endsWith('people-search.ts')) {
  await benchPeopleSearch();
}
