import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';

export type TestDatabase = Database & { url: string | null; destroy(): Promise<void> };

export type Backend = { name: 'pglite' | 'postgres'; create(): Promise<TestDatabase> };

/**
 * The database backends every database test runs against: an in-memory PGlite always, and a fresh
 * database on the real PostgreSQL server when one answers (always in CI). Each call to create() gives an
 * empty, migrated database of its own that destroy() removes. TEST_DATABASES=postgres (or pglite) keeps one of
 * them: `npm run test:quick` runs the server tests on PostgreSQL alone; `npm test` always runs both.
 */
export function backends(): Backend[] {
  const list: Backend[] = [{ name: 'pglite', create: createPglite }];
  const adminUrl = inject('postgresUrl');
  if (adminUrl) list.push({ name: 'postgres', create: () => createPostgres(adminUrl) });
  const only = process.env.TEST_DATABASES;
  return only ? list.filter((backend) => only.split(',').includes(backend.name)) : list;
}

async function createPglite(): Promise<TestDatabase> {
  const database = await openDatabase({ mode: 'pglite', dataDir: null });
  await database.migrate();
  return { ...database, url: null, destroy: () => database.close() };
}

async function createPostgres(adminUrl: string): Promise<TestDatabase> {
  const name = `prospector_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ mode: 'postgres', url: url.toString(), maxConnections: 5 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
