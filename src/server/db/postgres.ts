/**
 * PostgreSQL (DATABASE_URL): the pool, its migrations and user-scoped transactions. Imported only when the
 * configuration asks for PostgreSQL (client.ts), so an embedded start does not load the driver.
 */
import { createHash } from 'node:crypto';
import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isUuid } from '../../shared/uuid.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database, Db } from './client.ts';
import * as schema from './schema.ts';
import { SlowQueryWatch } from './slow-queries.ts';

export async function openPostgres(options: {
  url: string;
  maxConnections?: number;
  preparedStatements?: boolean;
}): Promise<Database> {
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
  const slowQueries = new SlowQueryWatch();
  pool.on('connect', (client) => {
    if (options.preparedStatements !== false) prepareStatements(client);
    timeStatements(client, slowQueries);
  });
  // Fail fast with the driver's message (e.g. ECONNREFUSED, database does not exist).
  const probe = await pool.connect();
  probe.release();
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    mode: 'postgres',
    slowQueries,
    migrate: () => migrateOnce(pool, () => migrate(db, { migrationsFolder: MIGRATIONS_DIR })),
    close: () => pool.end(),
  };
}

/**
 * Times each statement of a pooled client (spec 1 §8's slow queries): the pool's own `query` calls it with a
 * callback, Drizzle and our transactions with a promise; a streamed query (a cursor, a COPY) is left alone.
 */
function timeStatements(client: pg.PoolClient, watch: SlowQueryWatch): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]): unknown => {
    const first = args[0] as string | { text?: unknown } | undefined;
    const sql = typeof first === 'string' ? first : first?.text;
    if (!watch.active || typeof sql !== 'string') return query(...args);
    const started = performance.now();
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...answer: unknown[]) => {
        watch.ended(sql, started);
        return callback(...answer);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      const report = () => watch.ended(sql, started);
      result.then(report, report);
    }
    return result;
  };
  client.query = timed as typeof client.query;
}

/**
 * The most statements kept prepared on one connection: beyond it a statement runs unnamed, as every statement
 * would without preparing, so the memory they hold on the server is bounded whatever shapes the filters make.
 */
const PREPARED_PER_CONNECTION = 200;

/**
 * Prepares each parameterised statement once per connection, by a name taken from its text: a later run of
 * the same text skips parsing, and once PostgreSQL finds its generic plan as good (after five runs), planning
 * too. Our searches are one large statement whose parse and plan cost more than running it (measured 1.5 ms
 * -> 0.9 ms per call; company search throughput +20-30% at 32 connections). Statements without parameters
 * (transaction control, migrations) stay unnamed.
 */
function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  const named = (...args: unknown[]): unknown => {
    const config = args[0];
    if (
      typeof config === 'object' &&
      config !== null &&
      'text' in config &&
      typeof config.text === 'string' &&
      !('name' in config && config.name) &&
      Array.isArray(args[1]) &&
      args[1].length > 0
    ) {
      const name = `p_${createHash('sha1').update(config.text).digest('base64url')}`;
      if (prepared.has(name) || prepared.size < PREPARED_PER_CONNECTION) {
        prepared.add(name);
        args[0] = { ...config, name };
      }
    }
    return query(...args);
  };
  client.query = named as typeof client.query;
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
