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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A running `node scripts/start.mjs` (builds first when the sources changed) and its last words. */
export type StartedServer = { child: ChildProcess; base: string; port: number; tail: () => string };

/**
 * Starts the production server the way a user does, on a free port, and keeps the last `keepChars` of its
 * output (both pipes are read: a full pipe would block the server's writes).
 */
export async function startServer(env: Record<string, string>, keepChars = 4000): Promise<StartedServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The flags of package.json's start script, which npm would add.
  const child = startProcess('node', ['--max-semi-space-size=4', 'scripts/start.mjs'], {
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ...env,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepChars);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, base, port, tail: () => output };
}

/** One HTTP answer, read whole; `ms` from the request to the end of the body. */
export type Answer = { status: number; text: string; ms: number; headers: Headers };

/**
 * A browser's HTTP for one user: keeps the cookies the server sets (the session) and sends them back, with
 * the Origin header Better Auth checks and `headers` on every request. A body is sent as JSON, or as
 * multipart when it is a FormData. Never throws for a status; a request not answered in `timeoutMs` rejects.
 */
export function cookieClient(
  base: string,
  { headers = {}, timeoutMs = 30_000 }: { headers?: Record<string, string>; timeoutMs?: number } = {},
) {
  const cookies = new Map<string, string>();
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const started = performance.now();
    const form = body instanceof FormData;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...headers,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      // Signing out answers the session cookie emptied.
      if (value) cookies.set(pair.slice(0, at), value);
      else cookies.delete(pair.slice(0, at));
    }
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started, headers: response.headers };
  };
}

/** A health probe that did not get its 200 within the limit: when (ms since the probe started) and why. */
export type Freeze = { at: number; ms: number; answer: string };

/**
 * Asks `GET /api/health` every second until stopped, each time waiting at most `timeoutMs`, and keeps the
 * longest wait and every probe that took longer than `limitMs` or did not answer 200 (health answers 503
 * when the database does not answer its ping, so a stuck database shows here as well as a stuck server).
 */
export function healthProbe(
  base: string,
  { limitMs = 2000, timeoutMs = limitMs }: { limitMs?: number; timeoutMs?: number } = {},
) {
  const startedAt = performance.now();
  const state = { running: true, probes: 0, worstMs: 0, freezes: [] as Freeze[] };
  const loop = (async () => {
    while (state.running) {
      const started = performance.now();
      let answer = 'ok';
      try {
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
        await response.arrayBuffer();
        if (response.status !== 200) answer = `answered ${response.status}`;
      } catch (error) {
        answer = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `${error}`;
      }
      const ms = performance.now() - started;
      state.probes++;
      state.worstMs = Math.max(state.worstMs, ms);
      if (answer !== 'ok' || ms > limitMs) state.freezes.push({ at: started - startedAt, ms, answer });
      await sleep(1000);
    }
  })();
  return {
    state,
    stop: async () => {
      state.running = false;
      await loop;
      return state;
    },
  };
}

const DEMO_RFP = Array.from(
  { length: 40 },
  (_, i) =>
    `${i + 1}. ${
      [
        'Describe your incident response procedures.',
        'Do you encrypt customer data at rest?',
        'How often are access reviews performed?',
        'Describe your backup and recovery process.',
        'Who is responsible for information security?',
      ][i % 5]
    }`,
).join('\n');

/**
 * A new user's first session, the flows that once froze a fresh `npm start`: sign up, open the knowledge base
 * (the demo library loads) and, as soon as it is indexed, ask the knowledge chat, open the graph explorer,
 * search companies and start "Draft all" on a pasted 40-question RFP, then poll the job to its end. Throws on
 * any 4xx/5xx or a request not answered in `timeoutMs`. PROSPECTOR_BENCH_DEBUG=1 prints every call.
 */
export async function demoSession(
  base: string,
  email: string,
  timeoutMs: number,
): Promise<{ chatMs: number }> {
  const send = cookieClient(base, { timeoutMs });
  const call = async (method: string, path: string, body?: unknown) => {
    const { status, text, ms } = await send(method, path, body);
    if (process.env.PROSPECTOR_BENCH_DEBUG) console.log(method, path, status, text.slice(0, 200));
    if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${text}`);
    return { body: (text ? JSON.parse(text) : null) as Record<string, unknown>, ms };
  };
  const until = async (path: string, done: (body: Record<string, unknown>) => boolean) => {
    while (!done((await call('GET', path)).body)) await sleep(250);
  };
  await call('POST', '/api/auth/sign-up/email', {
    email,
    password: 'Harbour lantern 2026!',
    name: 'First Use',
  });
  await call('GET', '/api/v1/knowledge/demo');
  await until('/api/v1/knowledge/documents?limit=100', (body) => {
    const documents = body.documents as { status: string }[];
    return documents.length > 0 && documents.every((d) => d.status === 'indexed' || d.status === 'failed');
  });
  const chat = await call('POST', '/api/v1/knowledge/chat', {
    query: 'Describe your incident response procedures.',
  });
  await call('GET', '/api/v1/knowledge/graph/overview');
  await call('GET', '/api/v1/companies?q=fintech&limit=25');
  const project = await call('POST', '/api/v1/rfp/projects', { title: 'First use', text: DEMO_RFP });
  const draft = await call('POST', `/api/v1/rfp/projects/${project.body.id}/draft`);
  await until(`/api/v1/jobs/${draft.body.jobId}`, (body) =>
    ['succeeded', 'failed'].includes(body.status as string),
  );
  return { chatMs: chat.ms };
}
