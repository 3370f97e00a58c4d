import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');

export type Figure = { name: string; value: number; unit: string; target: string; ok: boolean };

/** Prints the figures as a table and writes them to bench/results/<name>.json. */
export function report(bench: string, figures: Figure[], extra: Record<string, unknown> = {}): void {
  const rows = figures.map((f) => [f.name, `${f.value} ${f.unit}`, f.target, f.ok ? 'ok' : 'MISSED']);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0), 6));
  console.log(`\n${bench}`);
  for (const row of [['figure', 'measured', 'target', ''], ...rows]) {
    console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, `bench/results/${bench}.json`),
    `${JSON.stringify({ bench, at: new Date().toISOString(), figures, ...extra }, null, 2)}\n`,
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls a URL until it answers 200; resolves with the milliseconds since `startedAt`. */
export async function waitFor200(url: string, startedAt: number, timeoutMs = 60_000): Promise<number> {
  while (performance.now() - startedAt < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Sends SIGTERM to the whole process group (npm, its shell, the server) and waits until all have exited. */
export async function stop(child: ChildProcess): Promise<void> {
  const group = -(child.pid ?? 0);
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(group, 'SIGTERM');
  while (alive()) await new Promise((resolve) => setTimeout(resolve, 50));
}

export function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() reaches the server behind npm as well.
    detached: true,
  });
}
