import type { UserEngines } from './ai/user-engines.ts';
import type { Config } from './config.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { DataLoad } from './data-load.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './features/auth/auth.ts';
import type { SessionCache } from './features/auth/session-cache.ts';
import type { Charger } from './features/credits/charger.ts';
import type { PaymentPort } from './features/credits/payments.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';

/** What the composition root hands to every feature's routes. */
export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  jobs: JobQueue;
  auth: Auth;
  /** Session checks (Better Auth's answers, remembered for a few seconds). */
  sessions: SessionCache;
  mailer: Mailer;
  /** How credit packages are paid for (the demo adapter by default). */
  payments: PaymentPort;
  /** Every paid activity goes through this (spec 2 §5). */
  credits: Charger;
  /** Encrypts the secrets we must read back (webhook secrets, AI provider keys). */
  secrets: SecretBox;
  /** Each user's own AI engine (their saved provider): requests and jobs run in their owner's scope. */
  aiEngines: UserEngines;
  /** The shared company and people data: loading in the background on a new server's first start. */
  dataLoad: DataLoad;
  version: string;
};

/** The signed-in caller, as the session middleware found it. */
export type Caller = { id: string; email: string; name: string; emailVerified: boolean };

/** Hono context variables set by our middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by `requireCaller` on routes that need a signed-in user. */
    caller: Caller;
  };
};
