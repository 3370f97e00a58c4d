import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';

/** What the composition root hands to every feature's routes. */
export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  jobs: JobQueue;
  version: string;
};

/** Hono context variables set by our middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
  };
};
