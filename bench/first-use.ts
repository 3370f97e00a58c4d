/**
 * First use on the embedded database (issue 22): the flows that froze a fresh `npm start`, run FIRST_USE_RUNS
 * times, each on a new data directory. A run signs up, opens the knowledge base (the demo library loads) and,
 * as soon as the library is indexed, asks the knowledge chat a question, opens the graph explorer and starts
 * "Draft all" on a pasted RFP, then polls the job to its end. A probe asks `/api/health` every second the
 * whole time. A run fails when any request waits longer than STUCK_MS or the server answers a 5xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cookieClient, type Figure, healthProbe, report, startServer, stop, waitFor200 } from './lib.ts';

const RUNS = Number(process.env.FIRST_USE_RUNS ?? 10);
const STUCK_MS = 30_000;
const PROBE_LIMIT_MS = 2000;

const RFP_TEXT = Array.from(
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

type Call = { status: number; body: unknown; ms: number };

function client(base: string) {
  const send = cookieClient(base, { timeoutMs: STUCK_MS });
  return async (method: string, path: string, body?: unknown): Promise<Call> => {
    const { status, text, ms } = await send(method, path, body);
    if (process.env.FIRST_USE_DEBUG) console.log(method, path, status, text.slice(0, 200));
    if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${text}`);
    return { status, body: text ? JSON.parse(text) : null, ms };
  };
}

async function oneRun(
  run: number,
): Promise<{ ok: boolean; chatMs: number; worstProbeMs: number; error?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-first-use-'));
  // The server's last words (tail()) are printed when the run fails.
  const { child, base, tail } = await startServer({ DATA_DIR: dataDir });
  let probe: ReturnType<typeof healthProbe> | null = null;
  try {
    await waitFor200(`${base}/api/health`, performance.now(), 60_000);
    probe = healthProbe(base, { limitMs: PROBE_LIMIT_MS, timeoutMs: STUCK_MS });
    const call = client(base);
    const email = `first-use-${run}-${process.pid}@example.com`;
    await call('POST', '/api/auth/sign-up/email', {
      email,
      password: 'Harbour lantern 2026!',
      name: 'First Use',
    });
    await call('GET', '/api/v1/knowledge/demo');
    await call('GET', '/api/v1/knowledge/documents?limit=100');
    for (;;) {
      const { body } = await call('GET', '/api/v1/knowledge/documents?limit=100');
      const { documents } = body as { documents: { status: string }[] };
      if (documents.length > 0 && documents.every((d) => d.status === 'indexed' || d.status === 'failed'))
        break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const chat = await call('POST', '/api/v1/knowledge/chat', {
      query: 'Describe your incident response procedures.',
    });
    await call('GET', '/api/v1/knowledge/graph/overview');
    const project = await call('POST', '/api/v1/rfp/projects', { title: 'First use', text: RFP_TEXT });
    const projectId = (project.body as { id: string }).id;
    const draft = await call('POST', `/api/v1/rfp/projects/${projectId}/draft`);
    const jobId = (draft.body as { jobId: string }).jobId;
    for (;;) {
      const { body } = await call('GET', `/api/v1/jobs/${jobId}`);
      if (['succeeded', 'failed'].includes((body as { status: string }).status)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { worstMs } = await probe.stop();
    return { ok: worstMs <= PROBE_LIMIT_MS, chatMs: chat.ms, worstProbeMs: worstMs };
  } catch (error) {
    const worstMs = (await probe?.stop())?.worstMs ?? 0;
    return { ok: false, chatMs: Number.NaN, worstProbeMs: worstMs, error: `${error}\n${tail()}` };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchFirstUse(): Promise<Figure[]> {
  let passed = 0;
  let worstProbe = 0;
  let worstChat = 0;
  for (let run = 1; run <= RUNS; run++) {
    const result = await oneRun(run);
    console.log(
      `  run ${run}: ${result.ok ? 'ok' : 'FAILED'}, chat ${Math.round(result.chatMs)} ms, worst health probe ${Math.round(result.worstProbeMs)} ms${result.error ? `, ${result.error}` : ''}`,
    );
    if (result.ok) passed++;
    worstProbe = Math.max(worstProbe, result.worstProbeMs);
    worstChat = Math.max(worstChat, Number.isNaN(result.chatMs) ? 0 : result.chatMs);
  }
  const figures: Figure[] = [
    {
      name: 'first-use runs answered',
      value: passed,
      unit: `of ${RUNS}`,
      target: `${RUNS} of ${RUNS}`,
      ok: passed === RUNS,
    },
    {
      name: 'worst /api/health wait',
      value: Math.round(worstProbe),
      unit: 'ms',
      target: `<= ${PROBE_LIMIT_MS} ms`,
      ok: worstProbe <= PROBE_LIMIT_MS,
    },
    {
      name: 'slowest first knowledge chat',
      value: Math.round(worstChat),
      unit: 'ms',
      target: 'information',
      ok: true,
    },
  ];
  report('first-use', figures);
  return figures;
}
