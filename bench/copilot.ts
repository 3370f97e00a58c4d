/**
 * Copilot benchmark (issue 7): the built-in engine's analysis in process (p95 <= 5 ms, over the labelled
 * requests of tests/fixtures/copilot-requests.json with our real company data as its lexicon), and
 * `POST /api/v1/copilot/analyze` through the production build at 16 connections, each signed in as
 * its own user, the requests taken in turn from the same set (p95 <= 30 ms), on PostgreSQL and on PGlite.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createBuiltinEngine } from '../src/server/ai/builtin/engine.ts';
import {
  buildCompanyRows,
  readSourceTexts,
} from '../src/server/features/companies/data/build-company-rows.ts';
import { loadPlaces } from '../src/server/features/companies/data/places.ts';
import { COMPANY_SIZES } from '../src/shared/companies.ts';
import { type Figure, ROOT, report } from './lib.ts';
import {
  type Backend,
  round1,
  runBackends,
  type Session,
  sampleLoaded,
  signUp,
  withPgliteDir,
  withPostgres,
  withServer,
} from './search-lib.ts';

const IN_PROCESS_TARGET_MS = 5;
const API_TARGET_MS = 30;
const CONNECTIONS = 16;
const ROUNDS = 20;
const API_SECONDS = 10;

const QUERIES = (
  JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/copilot-requests.json'), 'utf8')) as { q: string }[]
).map((entry) => entry.q);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/** Every request of the set, ROUNDS times, one after the other (after one warm-up round). */
async function inProcess(): Promise<Figure[]> {
  const { rows } = buildCompanyRows(readSourceTexts(), loadPlaces());
  const distinct = (pick: (row: (typeof rows)[number]) => string | null | undefined) => [
    ...new Set(rows.map(pick).filter((v): v is string => Boolean(v))),
  ];
  const vocabulary = {
    industries: distinct((r) => r.primaryIndustry),
    sizes: [...COMPANY_SIZES],
    countries: distinct((r) => r.country),
    regions: distinct((r) => r.region),
    cities: distinct((r) => r.city),
  };
  const engine = createBuiltinEngine({
    vocabulary: async () => vocabulary,
    companyNames: async () => rows.map((r) => r.name),
  });
  const first = performance.now();
  await engine.analyze('hello', {});
  const lexiconMs = performance.now() - first;
  for (const q of QUERIES) await engine.analyze(q, {});
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const q of QUERIES) {
      const t = performance.now();
      await engine.analyze(q, {});
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const p95 = round1(percentile(times, 0.95));
  console.log(
    `  in process: ${times.length} analyses, p50 ${round1(percentile(times, 0.5))} p95 ${p95} ms; lexicon built in ${Math.round(lexiconMs)} ms`,
  );
  return [
    {
      name: 'built-in analysis in process: lexicon (first request)',
      value: Math.round(lexiconMs),
      unit: 'ms',
      target: 'info',
      ok: true,
    },
    {
      name: 'built-in analysis in process: p50',
      value: round1(percentile(times, 0.5)),
      unit: 'ms',
      target: 'info',
      ok: true,
    },
    {
      name: 'built-in analysis in process: p95',
      value: p95,
      unit: 'ms',
      target: `<= ${IN_PROCESS_TARGET_MS} ms`,
      ok: p95 <= IN_PROCESS_TARGET_MS,
    },
  ];
}

/** autocannon posting the set's requests in turn, each connection with its own user's cookie. */
async function apiRun(sessions: Session[], seconds: number) {
  const base = (sessions[0] as Session).base;
  const latencies: number[] = [];
  const failedStatuses = new Map<number, number>();
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}/api/v1/copilot/analyze`,
        connections: CONNECTIONS,
        duration: seconds,
        // Each connection posts the whole set in turn with its own user's cookie (per-request headers, as
        // autocannon's setHeaders does not reach requests given as a list).
        setupClient: (client) => {
          const cookie = sessions[next++ % sessions.length]?.cookie ?? '';
          client.setRequests(
            QUERIES.map((query) => ({
              method: 'POST' as const,
              headers: { cookie, origin: base, 'content-type': 'application/json' },
              body: JSON.stringify({ query }),
            })),
          );
        },
      },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 300) failedStatuses.set(status, (failedStatuses.get(status) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    p50: round1(percentile(latencies, 0.5)),
    p95: round1(percentile(latencies, 0.95)),
    rps: Math.round(latencies.length / result.duration),
    failures: result.non2xx + result.errors,
    failedStatuses: [...failedStatuses].map(([status, n]) => `${n} x ${status}`).join(', '),
  };
}

/** The API run on one database: the server loads our company data on start, as `npm start` does. */
async function throughApi(backend: Backend, env: Record<string, string>): Promise<Figure[]> {
  return withServer(env, async (base) => {
    const sessions = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) =>
        signUp(base, `copilot-${i}-${process.pid}@example.com`, `10.7.0.${i + 1}`, 'Copilot Bench'),
      ),
    );
    await sampleLoaded(sessions[0] as Session);
    await apiRun(sessions, 2);
    const run = await apiRun(sessions, API_SECONDS);
    console.log(
      `  API (${backend}, ${CONNECTIONS} connections): p50 ${run.p50} p95 ${run.p95} ms, ${run.rps} req/s, ${run.failures} failed${run.failedStatuses ? ` (${run.failedStatuses})` : ''}`,
    );
    const name = `POST /api/v1/copilot/analyze (${backend}, ${CONNECTIONS} connections)`;
    return [
      {
        name: `${name}: p50 / throughput`,
        value: run.p50,
        unit: `ms / ${run.rps} req/s`,
        target: 'info',
        ok: true,
      },
      {
        name: `${name}: p95`,
        value: run.p95,
        unit: 'ms',
        target: `<= ${API_TARGET_MS} ms`,
        ok: run.p95 <= API_TARGET_MS,
      },
      {
        name: `${name}: failed responses`,
        value: run.failures,
        unit: '',
        target: '0',
        ok: run.failures === 0,
      },
    ];
  });
}

export async function benchCopilot(): Promise<Figure[]> {
  console.log('copilot');
  const figures = [
    ...(await inProcess()),
    ...(await runBackends(
      () =>
        withPostgres(`prospector_bench_copilot_${process.pid}`, ({ url }) =>
          throughApi('PostgreSQL', { DATABASE_URL: url }),
        ),
      () => withPgliteDir('prospector-bench-copilot-', (_dir, env) => throughApi('PGlite', env)),
    )),
  ];
  report('copilot', figures);
  return figures;
}
