import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Db } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';

/**
 * Runs `work` in a transaction as the application role with `app.user_id` set to the caller, so row-level
 * security policies limit every statement to the caller's rows even if a query forgets its WHERE.
 */
export async function withUser<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (client !== undefined && !(client instanceof PgliteThread)) {
    const { pooledWithUser } = await import('./postgres.ts');
    return pooledWithUser(db, client as Pool, userId, work);
  }
  // PGlite runs in the process: a statement more costs no round trip.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.user_id', ${userId}, true), set_config('role', 'prospector_app', true)`,
    );
    return work(tx as unknown as Db);
  });
}
