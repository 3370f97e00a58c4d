/**
 * `npm run data:generate -- --companies 1000000 [--seed 42] [--replace]`: writes deterministic synthetic
 * companies (source 'synthetic') into the configured database (DATABASE_URL, or the PGlite data in
 * DATA_DIR) for benchmarks and load tests. The demo never loads them by itself.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { writeSyntheticCompanies } from '../src/server/features/companies/data/write-synthetic-companies.ts';

const usage = 'usage: npm run data:generate -- [--companies N (100000)] [--seed S (42)] [--replace]';

function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got "${text}"\n${usage}`);
    process.exit(2);
  }
  return value;
}

let args: { companies?: string; seed?: string; replace?: boolean };
try {
  args = parseArgs({
    options: {
      companies: { type: 'string' },
      seed: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}

const count = wholeNumber('companies', args.companies, 100_000);
const seed = wholeNumber('seed', args.seed, 42);

try {
  const config = loadConfig();
  const target =
    config.database.mode === 'pglite'
      ? `PGlite at ${join(config.dataDir, 'db')}`
      : 'PostgreSQL (DATABASE_URL)';
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    console.log(`Generating ${count.toLocaleString('en')} companies (seed ${seed}) into ${target}…`);
    let lastReport = performance.now();
    const started = lastReport;
    const result = await writeSyntheticCompanies(database, {
      count,
      seed,
      replace: args.replace ?? false,
      onProgress: (written) => {
        const now = performance.now();
        if (now - lastReport < 2000) return;
        lastReport = now;
        const rate = Math.round(written / ((now - started) / 1000));
        console.log(`  ${written.toLocaleString('en')} rows, ${rate.toLocaleString('en')} rows/s`);
      },
    });
    const seconds = result.ms / 1000;
    console.log(
      `Wrote ${result.written.toLocaleString('en')} synthetic companies in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.written / seconds).toLocaleString('en')} rows/s)` +
        (result.deleted ? `, after deleting ${result.deleted.toLocaleString('en')} earlier ones.` : '.'),
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `data:generate failed: ${(err as Error).message}`);
  process.exit(1);
}
