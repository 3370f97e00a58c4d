/**
 * Company data benchmark: the first start on an empty database loads the real company data (S&P 500, SEC,
 * Y Combinator) into company_master. Measures that load (as the server logs it) and the time to the first
 * 200, on PGlite (a new data dir) and on PostgreSQL (a new database), then a second start, which must only
 * check that the data is there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Figure, freePort, report, startProcess, stop, waitFor200 } from './lib.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const LOAD_TARGET_MS = 10_000;

type Start = { ms: number; load: { loaded: number; ms: number } | null };

async function startOnce(env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = startProcess('node', ['dist/server/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  try {
    const ms = await waitFor200(`http://127.0.0.1:${port}/api/health`, startedAt);
    const line = log.split('\n').find((l) => l.includes('"company data loaded"'));
    const load = line ? (JSON.parse(line) as { loaded: number; ms: number }) : null;
    return { ms, load };
  } finally {
    await stop(child);
  }
}

async function run(label: string, env: Record<string, string>): Promise<Figure[]> {
  const first = await startOnce(env);
  const second = await startOnce(env);
  const loadMs = first.load?.ms ?? Number.NaN;
  return [
    {
      name: `${label}: company data load (first start)`,
      value: Math.round(loadMs),
      unit: 'ms',
      target: `<= ${LOAD_TARGET_MS} ms`,
      ok: loadMs <= LOAD_TARGET_MS,
    },
    {
      name: `${label}: companies loaded`,
      value: first.load?.loaded ?? 0,
      unit: 'rows',
      target: 'info',
      ok: true,
    },
    {
      name: `${label}: start -> first 200 (empty database)`,
      value: Math.round(first.ms),
      unit: 'ms',
      target: 'info',
      ok: true,
    },
    {
      name: `${label}: start -> first 200 (data there)`,
      value: Math.round(second.ms),
      unit: 'ms',
      target: '<= 5000 ms, nothing loaded',
      ok: second.ms <= 5000 && second.load === null,
    },
  ];
}

export async function benchCompanyLoad(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-bench-companies-'));
  try {
    figures.push(...(await run('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const name = `prospector_bench_companies_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${ADMIN_URL} (${(err as Error).message}); PGlite only.`);
    report('company-load', figures);
    return figures;
  }
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    figures.push(...(await run('PostgreSQL', { DATABASE_URL: url.toString() })));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  report('company-load', figures);
  return figures;
}

if (process.argv[1]?.endsWith('company-load.ts')) {
  await benchCompanyLoad();
}
