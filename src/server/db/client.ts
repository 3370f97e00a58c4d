import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  mode: DatabaseConfig['mode'];
  /** Applies every pending migration (idempotent). */
  migrate(): Promise<void>;
  /** Closes connections; for PGlite this flushes and releases its files. */
  close(): Promise<void>;
};

/** `dataDir: null` gives an in-memory PGlite (tests). */
export type OpenOptions =
  | { mode: 'pglite'; dataDir: string | null }
  | { mode: 'postgres'; url: string; maxConnections?: number };

export async function openDatabase(options: OpenOptions | DatabaseConfig): Promise<Database> {
  if (options.mode === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 'maxConnections' in options ? options.maxConnections : 10,
      // Our statements run in milliseconds: compiling one with JIT (on by default above a cost estimate that
      // a facet count over a few hundred thousand rows reaches) takes longer than it saves.
      options: '-c jit=off',
    });
    // An idle client whose connection dies (database restart, failover) is dropped by the pool and replaced
    // on next use; without a listener that event would crash the whole process.
    pool.on('error', () => {});
    // Fail fast with the driver's message (e.g. ECONNREFUSED, database does not exist).
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      mode: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  // PGlite's default 128 MB of shared buffers lives in the process's memory; the embedded database is small
  // and the OS caches its files anyway, so 8 MB keeps an idle server well under the 370 MB it needs with the default.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    postgresqlconf: ['shared_buffers = 8MB'],
    extensions: { btree_gin, pg_trgm },
  });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    mode: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which Drizzle's shared type does not expose. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many rows a select returns, counted up to `cap` (an export's quote need not count a million). */
export async function countUpTo(db: Db, select: SQL, cap: number): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from (${select} limit ${cap}) capped`,
  );
  return Number(row?.count ?? 0);
}
