import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseConfig } from '../config.ts';
import { databaseTemplateFile, MIGRATIONS_DIR } from '../paths.ts';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';
import type { SlowQueryWatch } from './slow-queries.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  mode: DatabaseConfig['mode'];
  /** The embedded database's thread (PGlite only): its state and restarts, for health and metrics. */
  thread?: PgliteThread;
  /** Times every statement; the composition root listens and logs those over 1000 ms (spec 1 §8). */
  slowQueries: SlowQueryWatch;
  /** Applies every pending migration (idempotent). */
  migrate(): Promise<void>;
  /** Closes connections; for PGlite this flushes and releases its files. */
  close(): Promise<void>;
};

/**
 * `dataDir: null` gives an in-memory PGlite (tests). `stallMs`: how long the embedded database's thread may
 * stay silent while statements wait before it is replaced (pglite-thread.ts).
 */
export type OpenOptions =
  | {
      mode: 'pglite';
      dataDir: string | null;
      stallMs?: number;
      /** The dump a new database starts from; by default the build's (paths.ts), null for initdb. */
      template?: string | null;
      onRestart?: (reason: string, waiting: string[]) => void;
    }
  | {
      mode: 'postgres';
      url: string;
      maxConnections?: number;
      /** Prepare parameterised statements by name (default); off behind a proxy that does not track them. */
      preparedStatements?: boolean;
    };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  // PostgreSQL's driver is loaded only when it is used: an embedded start spends its time elsewhere.
  if (options.mode === 'postgres') return (await import('./postgres.ts')).openPostgres(options);
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  const thread = await PgliteThread.open({
    dataDir: dataDir ?? null,
    template: options.template === undefined ? databaseTemplateFile() : options.template,
    // The longest a single embedded statement legitimately holds its thread is a few seconds (an index built
    // over the company data, ANALYZE after a load); a thread silent for 30 s is stuck (electric-sql/pglite#1058).
    stallMs: ('stallMs' in options ? options.stallMs : undefined) ?? 30_000,
    onRestart: 'onRestart' in options ? options.onRestart : undefined,
  });
  // Drizzle's PGlite driver uses only `query` and `transaction`, which the thread answers the same way.
  const db = drizzlePglite({ client: thread as unknown as PGlite, schema });
  return {
    db: db as unknown as Db,
    mode: 'pglite',
    thread,
    slowQueries: thread.slowQueries,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => thread.close(),
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
