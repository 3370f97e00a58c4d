/**
 * Credits benchmark: 50 concurrent clients charge one account over HTTP until it runs out, on PGlite and on
 * PostgreSQL. Reports overdrafts, lost updates and the ledger-vs-balance difference (all must be 0) and the
 * charge throughput; then runs a read-then-write charger (the original product's approach) against the same
 * PostgreSQL to show the updates it loses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Figure, freePort, report, startProcess, stop, waitFor200 } from './lib.ts';

const CLIENTS = 50;
const CREDITS = 5000;
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

type Run = {
  successes: number;
  refused: number;
  other: number;
  seconds: number;
  used: number;
  total: number;
  ledgerUsage: number;
};

async function chargeStorm(base: string): Promise<Run> {
  const headers = { origin: base, 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'storm@example.com', password: 'violet-harbor-42', name: 'Storm Runner' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const authed = { ...headers, cookie };
  const account = async () =>
    (await (await fetch(`${base}/api/v1/credits`, { headers: authed })).json()) as {
      usedCredits: number;
      totalCredits: number;
    };
  await account();

  // autocannon drives the load: a fetch loop in this process would saturate before the server does.
  const extra = 500;
  const result = await autocannon({
    url: `${base}/api/v1/credits/usage`,
    method: 'POST',
    headers: authed,
    body: JSON.stringify({ activityType: 'ai_query' }),
    connections: CLIENTS,
    amount: CREDITS + extra,
  });
  const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
  const successes = codes['201']?.count ?? 0;
  const refused = codes['402']?.count ?? 0;
  const other = CREDITS + extra - successes - refused;
  // Charges per second while there were credits to charge (the refusals at the end are quicker).
  const seconds = result.duration * (successes / (CREDITS + extra));
  const { usedCredits, totalCredits } = await account();
  let ledgerUsage = 0;
  let cursor: string | null = '';
  while (cursor !== null) {
    const query = `type=usage&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await (
      await fetch(`${base}/api/v1/credits/transactions?${query}`, { headers: authed })
    ).json()) as {
      transactions: { creditsAmount: number }[];
      nextCursor: string | null;
    };
    for (const t of page.transactions) ledgerUsage += t.creditsAmount;
    cursor = page.nextCursor;
  }
  return { successes, refused, other, seconds, used: usedCredits, total: totalCredits, ledgerUsage };
}

async function serverRun(label: string, env: Record<string, string>): Promise<Figure[]> {
  const port = await freePort();
  const server = startProcess('node', ['dist/server/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    DEFAULT_CREDITS: String(CREDITS),
    ...env,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor200(`${base}/api/health`, performance.now());
    const run = await chargeStorm(base);
    const rate = Math.round(run.successes / run.seconds);
    const target = label === 'PostgreSQL' ? 1000 : 300;
    return [
      {
        name: `${label}: charges accepted / refused (402)`,
        value: run.successes,
        unit: `/ ${run.refused}`,
        target: 'info',
        ok: true,
      },
      {
        name: `${label}: overdraft (accepted - credits)`,
        value: Math.max(0, run.successes - CREDITS),
        unit: '',
        target: '0',
        ok: run.successes <= CREDITS,
      },
      {
        name: `${label}: lost updates (accepted - used)`,
        value: run.successes - run.used,
        unit: '',
        target: '0',
        ok: run.successes === run.used,
      },
      {
        name: `${label}: ledger usage - used credits`,
        value: run.ledgerUsage - run.used,
        unit: '',
        target: '0',
        ok: run.ledgerUsage === run.used,
      },
      {
        name: `${label}: unexpected responses`,
        value: run.other,
        unit: '',
        target: '0',
        ok: run.other === 0,
      },
      {
        name: `${label}: charge throughput`,
        value: rate,
        unit: 'charges/s',
        target: `>= ${target}`,
        ok: rate >= target,
      },
    ];
  } finally {
    await stop(server);
  }
}

/** The original product's deduction: read the balance, then write back read + cost, with no condition. */
async function readThenWrite(url: string): Promise<Figure[]> {
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
  pool.on('error', () => {}); // idle clients cut off when the database is dropped
  try {
    await pool.query(
      'create table naive_credits (id int primary key, total int not null, used int not null)',
    );
    await pool.query('insert into naive_credits values (1, $1, 0)', [CREDITS]);
    let successes = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (;;) {
          const { rows } = await pool.query('select total, used from naive_credits where id = 1');
          const { total, used } = rows[0] as { total: number; used: number };
          if (total - used < 1) return;
          await pool.query('update naive_credits set used = $1 where id = 1', [used + 1]);
          successes++;
        }
      }),
    );
    const { rows } = await pool.query('select used from naive_credits where id = 1');
    const used = (rows[0] as { used: number }).used;
    return [
      {
        name: 'read-then-write: charges accepted',
        value: successes,
        unit: `for ${CREDITS} credits`,
        target: 'info',
        ok: true,
      },
      {
        name: 'read-then-write: lost updates',
        value: successes - used,
        unit: '',
        target: 'info (the problem)',
        ok: true,
      },
    ];
  } finally {
    await pool.end();
  }
}

export async function benchCredits(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-bench-credits-'));
  try {
    figures.push(...(await serverRun('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const name = `prospector_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    figures.push(...(await serverRun('PostgreSQL', { DATABASE_URL: url.toString() })));
    figures.push(...(await readThenWrite(url.toString())));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  report('credits', figures, { clients: CLIENTS, credits: CREDITS });
  return figures;
}

if (process.argv[1]?.endsWith('credits.ts')) {
  await benchCredits();
}
