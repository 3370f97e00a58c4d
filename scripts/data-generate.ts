/**
 * `npm run data:generate -- --companies 1000000 --contacts 5000000 [--seed 42] [--replace]`: writes
 * deterministic synthetic companies and contacts (source 'synthetic') into the configured database
 * (DATABASE_URL, or the PGlite data in DATA_DIR) for benchmarks and load tests. Companies are written first;
 * contacts are spread over all the shared companies then in the database. The demo never loads them by
 * itself (it loads a small sample of contacts for the real companies only).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { writeSyntheticCompanies } from '../src/server/features/companies/data/write-synthetic-companies.ts';
import { writeSyntheticContacts } from '../src/server/features/people/data/write-synthetic-contacts.ts';

const usage =
  'usage: npm run data:generate -- [--companies N] [--contacts N] [--seed S (42)] [--replace]\n' +
  '  with neither --companies nor --contacts: --companies 100000';

function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got "${text}"\n${usage}`);
    process.exit(2);
  }
  return value;
}

let args: { companies?: string; contacts?: string; seed?: string; replace?: boolean };
try {
  args = parseArgs({
    options: {
      companies: { type: 'string' },
      contacts: { type: 'string' },
      seed: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}

const contacts = wholeNumber('contacts', args.contacts);
const companies = wholeNumber('companies', args.companies) ?? (contacts === undefined ? 100_000 : undefined);
const seed = wholeNumber('seed', args.seed) ?? 42;
const replace = args.replace ?? false;

/** A progress callback that prints the rows written and the rate at most every 2 s. */
function progress(): (written: number) => void {
  const started = performance.now();
  let lastReport = started;
  return (written) => {
    const now = performance.now();
    if (now - lastReport < 2000) return;
    lastReport = now;
    const rate = Math.round(written / ((now - started) / 1000));
    console.log(`  ${written.toLocaleString('en')} rows, ${rate.toLocaleString('en')} rows/s`);
  };
}

function summary(what: string, result: { written: number; deleted: number; ms: number }): string {
  const seconds = result.ms / 1000;
  return (
    `Wrote ${result.written.toLocaleString('en')} ${what} in ${seconds.toFixed(1)} s ` +
    `(${Math.round(result.written / seconds).toLocaleString('en')} rows/s)` +
    (result.deleted ? `, after deleting ${result.deleted.toLocaleString('en')} earlier ones.` : '.')
  );
}

try {
  const config = loadConfig();
  const target =
    config.database.mode === 'pglite'
      ? `PGlite at ${join(config.dataDir, 'db')}`
      : 'PostgreSQL (DATABASE_URL)';
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    if (companies !== undefined) {
      console.log(`Generating ${companies.toLocaleString('en')} companies (seed ${seed}) into ${target}…`);
      const result = await writeSyntheticCompanies(database, {
        count: companies,
        seed,
        replace,
        onProgress: progress(),
      });
      console.log(summary('synthetic companies', result));
    }
    if (contacts !== undefined) {
      console.log(`Generating ${contacts.toLocaleString('en')} contacts (seed ${seed}) into ${target}…`);
      const result = await writeSyntheticContacts(database, {
        count: contacts,
        seed,
        replace,
        onProgress: progress(),
      });
      console.log(summary('synthetic contacts', result));
      const each = result.written / Math.max(1, result.companies);
      console.log(
        `  at ${result.companies.toLocaleString('en')} companies, ${each.toFixed(1)} each on average.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `data:generate failed: ${(err as Error).message}`);
  process.exit(1);
}
