import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { tuneAllocator } from './memory.ts';
import { startServer } from './server.ts';

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 15_000;

async function main() {
  tuneAllocator();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, logger);
  } catch (err) {
    console.error(`Start-up failed: ${describeStartError(err, config.database.mode)}`);
    process.exit(1);
  }
  const where =
    config.database.mode === 'pglite' ? `pglite (${config.dataDir}/db)` : 'postgres (DATABASE_URL)';
  const url = config.port === 0 ? server.url : config.publicUrl;
  console.log(`Prospector is running at ${url}  database: ${where}  AI: ${config.ai.provider}`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

function describeStartError(err: unknown, mode: string): string {
  const message = err instanceof Error ? err.message : String(err);
  if (
    mode === 'postgres' &&
    /ECONNREFUSED|ENOTFOUND|does not exist|password authentication|timeout/i.test(message)
  ) {
    return `cannot connect to the database given by DATABASE_URL: ${message}`;
  }
  if (/EADDRINUSE/.test(message)) return `the port is already in use (set PORT to another one): ${message}`;
  return message;
}

main();
