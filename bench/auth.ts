/**
 * Auth benchmark: sign-in latency with argon2id (p50/p95 over sequential sign-ins) and session-check
 * throughput (GET /api/auth/get-session with a valid cookie) on the production build with PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type Figure, freePort, report, startProcess, stop, waitFor200 } from './lib.ts';

const USERS = 20;
/** Below the per-address limit of 10 sign-ins per 15 minutes. */
const SIGN_INS_PER_USER = 8;
const PASSWORD = 'bench-violet-harbor-42';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function benchAuth(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-bench-auth-'));
  const port = await freePort();
  // Each simulated client has its own address (X-Forwarded-For), as behind a real proxy, so the per-IP
  // abuse limits do not turn the benchmark into a measurement of 429s.
  const server = startProcess('npm', ['start', '--silent'], {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
  });
  const base = `http://127.0.0.1:${port}`;
  let client = 0;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        origin: base,
        'content-type': 'application/json',
        'x-forwarded-for': `10.0.${client >> 8}.${client++ & 255}`,
      },
      body: JSON.stringify(body),
    });
  try {
    await waitFor200(`${base}/api/health`, performance.now());
    const emails = Array.from({ length: USERS }, (_, i) => `bench-${i}@example.com`);
    let cookie = '';
    for (const email of emails) {
      const response = await post('/api/auth/sign-up/email', {
        email,
        password: PASSWORD,
        name: 'Load Tester',
      });
      if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
      cookie ||= (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    }

    const latencies: number[] = [];
    for (let round = 0; round < SIGN_INS_PER_USER; round++) {
      for (const email of emails) {
        const started = performance.now();
        const response = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
        latencies.push(performance.now() - started);
        if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
    }
    latencies.sort((a, b) => a - b);
    const p50 = Math.round(percentile(latencies, 0.5));
    const p95 = Math.round(percentile(latencies, 0.95));

    const result = await autocannon({
      url: `${base}/api/auth/get-session`,
      headers: { cookie },
      connections: 50,
      duration: 10,
    });
    const rps = Math.round(result.requests.average);
    const non2xx = result.non2xx;

    const figures: Figure[] = [
      {
        name: `sign-in p50 (${latencies.length} sign-ins)`,
        value: p50,
        unit: 'ms',
        target: 'info',
        ok: true,
      },
      { name: 'sign-in p95', value: p95, unit: 'ms', target: '<= 250 ms', ok: p95 <= 250 },
      {
        name: 'GET /api/auth/get-session throughput',
        value: rps,
        unit: 'req/s',
        target: '>= 3000 req/s',
        ok: rps >= 3000,
      },
      { name: 'get-session p99 latency', value: result.latency.p99, unit: 'ms', target: 'info', ok: true },
      { name: 'non-2xx session checks', value: non2xx, unit: '', target: '0', ok: non2xx === 0 },
    ];
    report('auth', figures);
    return figures;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('auth.ts')) {
  await benchAuth();
}
