import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../paths.ts';

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server (from source, through tsx) on an embedded database in `dataDir`. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), join(PROJECT_ROOT, 'src/server/main.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      stdio: 'ignore',
      // Its own process group: tsx runs the server in a child process, and kill -9 must reach both.
      detached: true,
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  killGroup(child, 'SIGKILL');
  throw new Error('server did not start');
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<unknown> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.pid) process.kill(-child.pid, signal);
  return exited;
}

describe('a server killed in the middle of a purchase (kill -9)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('neither loses nor creates credits, and the retried purchase grants once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(dataDir, port);
    const headers = { 'content-type': 'application/json', origin: base };
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'crash@example.com', password: 'violet-harbor-42', name: 'Crash Test' }),
    });
    const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const authed = { ...headers, cookie };
    const account = async () =>
      (await (await fetch(`${base}/api/v1/credits`, { headers: authed })).json()) as { totalCredits: number };
    const before = (await account()).totalCredits;
    const buy = () =>
      fetch(`${base}/api/v1/credits/purchases`, {
        method: 'POST',
        headers: authed,
        body: JSON.stringify({ packageId: 'business', idempotencyKey: 'crash-purchase-1' }),
      });

    // The demo payment takes 2 s: the server dies during it.
    const pending = buy().catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await killGroup(server, 'SIGKILL');
    expect(await pending).toBeInstanceOf(Error);

    server = await startServer(dataDir, port);
    try {
      expect((await account()).totalCredits).toBe(before);
      const retried = await buy();
      expect(retried.status).toBe(201);
      expect((await buy()).status).toBe(200);
      expect((await account()).totalCredits).toBe(before + 1150);
      const ledger = (await (
        await fetch(`${base}/api/v1/credits/transactions?type=purchase`, { headers: authed })
      ).json()) as {
        transactions: unknown[];
      };
      expect(ledger.transactions).toHaveLength(1);
    } finally {
      await killGroup(server, 'SIGTERM');
    }
  }, 120_000);
});
