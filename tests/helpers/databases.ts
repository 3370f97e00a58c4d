import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';

export type TestDatabase = Database & { url: string | null; destroy(): Promise<void> };

export type Backend = { name: 'pglite' | 'postgres'; create(): Promise<TestDatabase> };

/**
 * The database backends every database test runs against: an in-memory PGlite always, and a fresh
 * database on the real PostgreSQL server when one answers (always in CI). Each call to create() gives a
 * migrated database of its own, without user data, that destroy() removes (a copy of a template with the
 * reference data: the build's for PGlite, the run's for PostgreSQL). TEST_DATABASES=postgres (or pglite) keeps one of
 * them: `npm run test:quick` runs the server tests on PostgreSQL alone; `npm test` always runs both.
 */
export function backends(): Backend[] {
  const list: Backend[] = [{ name: 'pglite', create: createPglite }];
  const adminUrl = inject('postgresUrl');
  if (adminUrl) {
    const template = inject('postgresTemplate');
    list.push({ name: 'postgres', create: () => createPostgres(adminUrl, template) });
  }
  const only = process.env.TEST_DATABASES;
  return only ? list.filter((backend) => only.split(',').includes(backend.name)) : list;
}

/** An in-memory PGlite from the build's template, or from `template` (a dump, as `thread.dump()` writes it). */
export async function createPglite(template?: string): Promise<TestDatabase> {
  const database = await openDatabase({ mode: 'pglite', dataDir: null, template });
  await database.migrate();
  return { ...database, url: null, destroy: () => database.close() };
}

/** A copy of `template` (the run's migrated one, global-setup.ts), or without one a new database migrated here. */
export async function createPostgres(adminUrl: string, template: string | null): Promise<TestDatabase> {
  const name = `prospector_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ mode: 'postgres', url: url.toString(), maxConnections: 5 });
  if (!template) await database.migrate();
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
