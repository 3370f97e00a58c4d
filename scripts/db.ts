/**
 * `npm run db:migrate`: applies pending migrations and the reference-data seed to the configured database.
 * `npm run db:reset`: deletes all data (PGlite files, or every table on PostgreSQL), then migrates and seeds.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedReferenceData } from '../src/server/db/seed/seed.ts';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'reset') {
  console.error('usage: tsx scripts/db.ts migrate|reset');
  process.exit(2);
}

try {
  const config = loadConfig();
  const target =
    config.database.mode === 'pglite'
      ? `PGlite at ${join(config.dataDir, 'db')}`
      : 'PostgreSQL (DATABASE_URL)';
  if (command === 'reset' && config.database.mode === 'pglite') {
    rmSync(join(config.dataDir, 'db'), { recursive: true, force: true });
  }
  const database = await openDatabase(config.database);
  if (command === 'reset' && database.mode === 'postgres') {
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
  }
  await database.migrate();
  const seeded = await seedReferenceData(database.db);
  await database.close();
  console.log(
    `${command === 'reset' ? 'Reset' : 'Migrated'} ${target}; reference data: ${seeded.industryCodes} industry codes.`,
  );
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `db:${command} failed: ${(err as Error).message}`);
  process.exit(1);
}
