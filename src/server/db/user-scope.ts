import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isUuid } from '../../shared/uuid.ts';
import type { Db } from './client.ts';

/**
 * Runs `work` in a transaction as the application role with `app.user_id` set to the caller, so row-level
 * security policies limit every statement to the caller's rows even if a query forgets its WHERE.
 */
export function withUser<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return pooledWithUser(db, pool, userId, work);
  // PGlite runs in the process: a statement more costs no round trip.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.user_id', ${userId}, true), set_config('role', 'prospector_app', true)`,
    );
    return work(tx as unknown as Db);
  });
}

const dialect = new PgDialect();

/**
 * PostgreSQL: BEGIN, the caller and the role (SET LOCAL ROLE, so the policies apply) in one round trip. Each
 * round trip is a socket write and a wake-up of the database, the largest part of a short request's cost, and
 * every user-scoped request starts here. Otherwise this is Drizzle's own transaction (savepoints for nested
 * ones, `tx.query` from the same schema).
 */
async function pooledWithUser<T>(
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
