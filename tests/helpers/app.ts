import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import type { DataLoad } from '../../src/server/data-load.ts';
import type { PaymentPort } from '../../src/server/features/credits/payments.ts';
import { type App, createApp } from '../../src/server/http/app.ts';
import { nodeListener } from '../../src/server/http/node-listener.ts';
import { StaticSite } from '../../src/server/http/static-site.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { createLogger, type Logger } from '../../src/server/logger.ts';
import { createAppDeps } from '../../src/server/server.ts';
import type { TestDatabase } from './databases.ts';

export type TestAppOptions = {
  site?: StaticSite | null;
  env?: Record<string, string>;
  jobs?: JobQueue;
  logger?: Logger;
  payments?: PaymentPort;
  dataLoad?: DataLoad;
};

/** The HTTP app on a test database, without listening on a port (requests go through `app.request`). */
export async function createTestApp(database: TestDatabase, options: TestAppOptions = {}) {
  const logger = options.logger ?? createLogger('silent');
  const jobs = options.jobs ?? createJobQueue({ db: database.db, logger, pollIntervalMs: 20 });
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const deps = await createAppDeps({
    config,
    database,
    logger,
    jobs,
    version: 'test',
    payments: options.payments,
    dataLoad: options.dataLoad,
  });
  const app = createApp(deps, options.site ?? null);
  return { app, jobs, deps };
}

/**
 * The app behind Node's listener on a free port, as `npm start` serves it: for what only a real response
 * carries (the request id and security headers set on Node's response).
 */
export async function listenApp(app: App): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(nodeListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny built site on disk: shell, one prerendered page and one hashed asset. */
export function createFixtureSite(): StaticSite {
  const dir = mkdtempSync(join(tmpdir(), 'prospector-site-'));
  mkdirSync(join(dir, 'pages'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div>shell</body></html>',
  );
  writeFileSync(
    join(dir, 'pages/index.html'),
    '<!doctype html><html><body><div id="root"><h1>Landing</h1></div></body></html>',
  );
  writeFileSync(
    join(dir, 'pages/enhanced-pricing.html'),
    `<!doctype html><html><body>${'pricing '.repeat(200)}</body></html>`,
  );
  writeFileSync(join(dir, 'assets/main-abc123.js'), 'console.log("hi")');
  return new StaticSite(dir);
}
