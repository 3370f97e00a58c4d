/**
 * PostgreSQL (DATABASE_URL): the pool, its migrations and user-scoped transactions. Imported only when the
 * configuration asks for PostgreSQL (client.ts), so an embedded start does not load the driver.
 */
import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isUuid } from '../../shared/uuid.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database, Db } from './client.ts';
import * as schema from './schema.ts';

export async function openPostgres(options: { url: string; maxConnections?: number }): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
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
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    mode: 'postgres',
    migrate: () => migrateOnce(pool, () => migrate(db, { migrationsFolder: MIGRATIONS_DIR })),
    close: () => pool.end(),
  };
}

/** Any number, the same in every instance: the session lock migrations run under. */
const MIGRATION_LOCK = 0x70_72_6f_73;

/**
 * Instances started together (an upgrade rolled out to several) migrate one at a time: the first applies the
 * new migrations under a session advisory lock, the others wait for it and find nothing left to apply.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}

const dialect = new PgDialect();

/**
 * PostgreSQL: BEGIN, the caller and the role (SET LOCAL ROLE, so the policies apply) in one round trip. Each
 * round trip is a socket write and a wake-up of the database, the largest part of a short request's cost, and
 * every user-scoped request starts here. Otherwise this is Drizzle's own transaction (savepoints for nested
 * ones, `tx.query` from the same schema).
 */
export async function pooledWithUser<T>(
  db: Db,
  pool: pg.Pool,
  userId: string,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  // The id goes into the statement's text (a simple query may hold two statements, but no parameters).
  if (!isUuid(userId)) throw new Error('withUser: a user id is a UUID');
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('app.user_id', '${userId}', true), set_config('role', 'prospector_app', true)`,
    );
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  const { fullSchema, schema, tableNamesMap } = db._;
  const relational = schema ? { fullSchema, schema, tableNamesMap } : undefined;
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, relational), relational);
  try {
    const result = await work(tx as unknown as Db);
    await client.query('commit');
    client.release();
    return result;
  } catch (err) {
    // A connection that cannot even roll back is dropped from the pool.
    await client.query('rollback').then(
      () => client.release(),
      (failed: Error) => client.release(failed),
    );
    throw err;
  }
}
