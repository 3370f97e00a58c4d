import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedReferenceData } from '../../src/server/db/seed/seed.ts';
import { demoDumpFile, demoTemplateName } from './run-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the tests may create databases on, or null when none answers. */
    postgresUrl: string | null;
    /** A migrated database with the reference data that each test database is created from (a copy). */
    postgresTemplate: string | null;
  }
}

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Finds the PostgreSQL server for the "postgres" half of the database tests; in CI its absence is a failure. */
export default async function setup(project: TestProject) {
  let template: string | null = null;
  const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>('select version()');
    console.log(`[tests] PostgreSQL in use: ${rows[0]?.version} at ${redact(url)}`);
    project.provide('postgresUrl', url);
    template = await createTemplate(client, url);
    project.provide('postgresTemplate', template);
  } catch (err) {
    const message = `PostgreSQL not reachable at ${redact(url)}: ${(err as Error).message}`;
    if (process.env.CI === 'true') throw new Error(`[tests] ${message} (CI=true requires it)`);
    console.warn(`\n[tests] !!! SKIPPING the PostgreSQL half of the database tests: ${message}\n`);
    project.provide('postgresUrl', null);
    project.provide('postgresTemplate', null);
  } finally {
    await client.end().catch(() => {});
  }
  return async () => {
    if (!template) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // The evaluations' copies of the demo library (demo-library.ts) are named after the run's template.
    await admin.query(`drop database if exists ${demoTemplateName(template)} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    for (const file of [demoDumpFile(template), `${demoDumpFile(template)}.lock`])
      rmSync(file, { force: true });
  };
}

/**
 * Migrates one database and loads its reference data, as the build's PGlite template holds them: a test
 * database is then a copy of it (CREATE DATABASE ... TEMPLATE) instead of 22 migrations each (issue 26).
 */
async function createTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `prospector_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ mode: 'postgres', url: url.toString(), maxConnections: 2 });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
  } finally {
    // A template is copied only while nobody is connected to it.
    await database.close();
  }
  return name;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
