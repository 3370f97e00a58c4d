import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed/seed.ts';
import { createApp } from './http/app.ts';
import { StaticSite } from './http/static-site.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createLogger, type Logger } from './logger.ts';
import { CLIENT_DIST_DIR, PROJECT_ROOT } from './paths.ts';

export type RunningServer = {
  url: string;
  /** Stops accepting, lets in-flight requests and jobs finish, then closes the database. */
  close(): Promise<void>;
};

const VERSION: string = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).version;

/** The composition root: config -> database -> services -> HTTP app -> listen. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config.logLevel),
): Promise<RunningServer> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  const jobs = createJobQueue({ db: database.db, logger });
  const site = new StaticSite(CLIENT_DIST_DIR);
  if (!site.built) logger.warn({ dir: CLIENT_DIST_DIR }, 'web app not built; only the API is served');
  const app = createApp({ config, database, logger, jobs, version: VERSION }, site);

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  jobs.start();
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets with no request in flight would hold close() open.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await jobs.stop();
      await database.close();
    })();
    return closing;
  };
  return { url, close };
}

export { VERSION };
