import { openDatabase } from '../src/server/db/client.ts';
import { createTestApp } from '../tests/helpers/app.ts';
import { authClient } from '../tests/helpers/auth.ts';
const database = await openDatabase({ mode: 'pglite', dataDir: process.argv[2] ?? '/tmp/d5' });
const { app, jobs } = await createTestApp(database as never, { env: { ...process.env } as Record<string, string> });
const client = authClient(app);
await client.signUp(`zz${Date.now()}@example.com`, 'Harbour lantern 2026!');
const path = process.argv[3] ?? '/api/v1/copilot/analyze';
const body = path.includes('copilot') ? { query: 'fintech companies in Germany with 50-200 employees' } : undefined;
const method = body ? 'POST' : 'GET';
for (let i = 0; i < 200; i++) await client.request(method, path, body);
const N = Number(process.env.N ?? 2000);
const t = performance.now();
for (let i = 0; i < N; i++) {
  const r = await client.request(method, path, body);
  if (r.status !== 200) { console.log(r.status, await r.text()); break; }
  await r.arrayBuffer();
}
console.log(path, ((performance.now() - t) / N * 1000).toFixed(0), 'us per request');
await jobs.stop();
await database.close();
process.exit(0);
