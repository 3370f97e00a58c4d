import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the tests may create databases on, or null when none answers. */
    postgresUrl: string | null;
  }
}

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Finds the PostgreSQL server for the "postgres" half of the database tests; in CI its absence is a failure. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>('select version()');
    console.log(`[tests] PostgreSQL in use: ${rows[0]?.version} at ${redact(url)}`);
    project.provide('postgresUrl', url);
  } catch (err) {
    const message = `PostgreSQL not reachable at ${redact(url)}: ${(err as Error).message}`;
    if (process.env.CI === 'true') throw new Error(`[tests] ${message} (CI=true requires it)`);
    console.warn(`\n[tests] !!! SKIPPING the PostgreSQL half of the database tests: ${message}\n`);
    project.provide('postgresUrl', null);
  } finally {
    await client.end().catch(() => {});
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
