/**
 * `npm run db:move -- --to postgres://user:password@host:5432/database`: copies the embedded database (PGlite in
 * DATA_DIR, the same setting the server reads) into an empty PostgreSQL database; src/server/db/move.ts does it.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { MoveError, moveToPostgres, redact } from '../src/server/db/move.ts';

const help = (dataDir: string) => `usage: npm run db:move -- --to postgres://user:password@host:5432/database

Copies every table of the embedded database (PGlite in DATA_DIR, here ${join(dataDir, 'db')}) into an
EMPTY PostgreSQL database: runs the migrations there, copies all rows in one transaction, checks each table's
row count and checksum on both sides, and commits only if all agree. The embedded database is left as it was.

Stop the server first: the embedded database can be used by one process only.
Then start the app with DATABASE_URL set to the same URL.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}

let args: { to?: string; help?: boolean };
try {
  args = parseArgs({ options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
} catch (err) {
  fail(`${(err as Error).message}\n\n${help(config.dataDir)}`);
}
if (args.help) {
  console.log(help(config.dataDir));
  process.exit(0);
}
if (!args.to) fail(`--to is missing: say which PostgreSQL database to move into.\n\n${help(config.dataDir)}`);

const to = args.to;
console.log(`Moving the embedded database in ${join(config.dataDir, 'db')} to ${redact(to)}`);
try {
  const result = await moveToPostgres({
    dataDir: config.dataDir,
    to,
    ...(config.database.mode === 'pglite' ? { stallMs: config.database.stallMs } : {}),
    onProgress: (message) => console.log(`  ${message}…`),
  });
  const width = Math.max(5, ...result.tables.map((table) => table.table.length));
  console.log(`\n${'table'.padEnd(width)}  ${'rows'.padStart(10)}`);
  for (const table of result.tables) {
    console.log(`${table.table.padEnd(width)}  ${table.rows.toLocaleString('en').padStart(10)}`);
  }
  console.log(
    `\nmoved ${result.tables.length} tables, ${result.rows.toLocaleString('en')} rows in ${(result.ms / 1000).toFixed(1)} s`,
  );
  console.log(
    'Start the app on it with DATABASE_URL set to that URL. The embedded database is unchanged; remove ' +
      `${join(config.dataDir, 'db')} once you no longer need it.`,
  );
} catch (err) {
  if (err instanceof MoveError) fail(`db:move: ${err.message}`);
  fail(`db:move failed, the target is left without data: ${(err as Error).message}`);
}
