import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createUserEngines } from './ai/user-engines.ts';
import type { Config } from './config.ts';
import type { AppDeps } from './context.ts';
import { createSecretBox } from './crypto/secret-box.ts';
import { DataLoad, type DataSet } from './data-load.ts';
import type { Database } from './db/client.ts';
import { openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed/seed.ts';
import { createAuth, loadAuthSecret } from './features/auth/auth.ts';
import { AUTH_CLEANUP_JOB, registerAuthCleanup } from './features/auth/cleanup.ts';
import { createSessionCache } from './features/auth/session-cache.ts';
import { loadCompanyData } from './features/companies/data/load-company-data.ts';
import { createCharger } from './features/credits/charger.ts';
import { ROLL_CYCLES_JOB, registerCreditJobs } from './features/credits/jobs.ts';
import { createPayments, type PaymentPort } from './features/credits/payments.ts';
import { loadUserEngine } from './features/integrations/ai-provider.ts';
import { loadContactSample, loadPeopleData } from './features/people/data/load-people-data.ts';
import {
  SWEEP_JOB as WEBHOOK_SWEEP_JOB,
  SWEEP_INTERVAL_SECONDS as WEBHOOK_SWEEP_SECONDS,
} from './features/webhooks/service.ts';
import { createApp } from './http/app.ts';
import { nodeListener } from './http/node-listener.ts';
import { currentRequest } from './http/request-context.ts';
import { StaticSite } from './http/static-site.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { collectGarbage, createTidyUp, releaseFreeMemory } from './memory.ts';
import { CLIENT_DIST_DIR, PROJECT_ROOT } from './paths.ts';

export type RunningServer = {
  url: string;
  /** Stops accepting, lets in-flight requests and jobs finish, then closes the database. */
  close(): Promise<void>;
};

/** How often a quiet server tidies its memory up (memory.ts): a trim alone takes 0.2-4 ms. */
const TIDY_INTERVAL_MS = 10_000;

const VERSION: string = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).version;

/** The services every feature gets, on an open and migrated database (shared by the server and the tests). */
export async function createAppDeps(parts: {
  config: Config;
  database: Database;
  logger: Logger;
  jobs: JobQueue;
  version?: string;
  payments?: PaymentPort;
  dataLoad?: DataLoad;
}): Promise<AppDeps> {
  const { config, database, logger } = parts;
  logSlowQueries(database, logger);
  const mailer = createMailer({ db: database.db, config, logger });
  const secret = await loadAuthSecret(database.db, config);
  const auth = await createAuth({ db: database.db, config, mailer, secret, logger });
  registerAuthCleanup(parts.jobs, database.db);
  const payments = parts.payments ?? (await createPayments(config.payments, config.publicUrl));
  registerCreditJobs(parts.jobs, database.db, payments, logger, config.credits.defaultAccount);
  const secrets = createSecretBox(secret);
  return {
    ...parts,
    mailer,
    auth,
    sessions: createSessionCache(auth, database.db),
    payments,
    credits: createCharger({
      db: database.db,
      defaults: config.credits.defaultAccount,
      jobs: parts.jobs,
      mailer,
      logger,
    }),
    secrets,
    // Each user's own AI provider, when they saved one (Integrations > AI provider).
    aiEngines: createUserEngines(
      (userId) => loadUserEngine({ database, secrets, config, logger }, userId),
      logger,
    ),
    dataLoad: parts.dataLoad ?? DataLoad.ready(),
    version: parts.version ?? VERSION,
  };
}

/**
 * Spec 1 §8: statements over 1000 ms go to the log for developers, with the statement's text (placeholders,
 * never values) and, when a request ran it, that request's id and route template.
 */
export function logSlowQueries(database: Database, logger: Logger): void {
  database.slowQueries.listen(({ statement, ms }) => {
    const request = currentRequest();
    logger.warn(
      { statement, ms, ...(request ? { reqId: request.reqId, route: request.route() } : {}) },
      'slow query',
    );
  });
}

/** The composition root: config -> database -> services -> HTTP app -> listen. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config.logLevel),
): Promise<RunningServer> {
  const database = await openDatabase(
    config.database.mode === 'pglite'
      ? {
          ...config.database,
          onRestart: (reason, waiting) =>
            logger.error(
              { reason, waiting },
              'the embedded database stopped answering; restarting its thread',
            ),
        }
      : config.database,
  );
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
  // Listen first: the shared company and people data go in behind it (seconds on a first start), and the
  // searches over them say so until they are in.
  const dataLoad = DataLoad.loading();
  const app = createApp(await createAppDeps({ config, database, logger, jobs, dataLoad }), site);

  const server = createServer(nodeListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  await jobs.schedule('auth-cleanup', AUTH_CLEANUP_JOB, 3600);
  await jobs.schedule('credits-roll-cycles', ROLL_CYCLES_JOB, 3600);
  await jobs.schedule('webhooks-sweep', WEBHOOK_SWEEP_JOB, WEBHOOK_SWEEP_SECONDS);
  jobs.start();
  const firstLoad = new AbortController();
  const loading = loadSharedData(database, dataLoad, logger, firstLoad.signal);
  // What a busy spell left behind goes back to the system once the server is quiet again (memory.ts).
  const tidying = setInterval(createTidyUp(), TIDY_INTERVAL_MS).unref();
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      firstLoad.abort();
      clearInterval(tidying);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets with no request in flight would hold close() open.
        server.closeIdleConnections();
      });
      await jobs.stop();
      await loading;
      await database.close();
    })();
    return closing;
  };
  return { url, close };
}

/**
 * The shared data of a first start, in order: companies, their people, then the synthetic people sample (the
 * longest part, a page of companies per transaction, so requests keep their turns). On later starts each
 * step finds its data there and returns at once; a load cut short goes on at the next start.
 */
async function loadSharedData(database: Database, dataLoad: DataLoad, logger: Logger, signal: AbortSignal) {
  let set: DataSet = 'companies';
  try {
    const companies = await loadCompanyData(database, { logger });
    dataLoad.set('companies', 'ready');
    set = 'people';
    const people = await loadPeopleData(database, { logger });
    const sample = await loadContactSample(database, { logger, signal });
    if (signal.aborted) return;
    dataLoad.set('people', 'ready');
    // The load grew the embedded database thread's memory, which WebAssembly never gives back: a new thread
    // starts small, the requests meanwhile wait a moment. Its garbage in our heap goes too.
    const loaded = companies.loaded + people.loaded + sample.loaded > 0;
    if (loaded) {
      await database.thread?.recycle();
      collectGarbage();
    }
    // What start-up and the load allocated and freed goes back to the system now, not at the first trim.
    releaseFreeMemory();
    if (loaded) {
      logger.info(
        { rssMb: Math.round(process.memoryUsage().rss / 1e6) },
        'memory given back after the first load',
      );
    }
  } catch (err) {
    dataLoad.set(set, 'failed');
    if (set === 'companies') dataLoad.set('people', 'failed');
    logger.error({ err, set }, 'loading the shared data failed');
  }
}

export { VERSION };
